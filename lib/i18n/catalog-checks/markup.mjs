// A message is plain text. Pages render every message as text, and where a
// page needs a link or emphasis its template supplies the element; a tag, an
// entity, a markdown link or a URL in a message is at best shown raw and at
// worst (in a component that renders HTML) run.
import {withoutPlaceholders} from '../messages.mjs';

const MARKUP = [
  /<\/?[A-Za-z!?][^>]*>?/, // a tag, a comment or a processing instruction
  /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i, // an entity
  /\[[^\]]*\]\([^)]*\)/, // a markdown link
  /\b[a-z][a-z0-9+.-]*:\/\/\S*/i, // a URL
  /\b(?:javascript|vbscript|data|file|mailto):\S+/i, // a URL without slashes
];

/** The first piece of markup in a message (placeholders aside), or null. */
export function markupIn(text) {
  const rest = withoutPlaceholders(text);
  for (const pattern of MARKUP) {
    const found = pattern.exec(rest)?.[0];
    if (found) return found.length > 40 ? `${found.slice(0, 39)}…` : found;
  }
  return null;
}

export default {
  name: 'markup',
  description: 'No tag, entity, markdown link or URL in a message: messages are plain text.',
  appliesTo: 'every',
  check: ({catalog}) =>
    [...catalog.messages].flatMap(([key, text]) => {
      const found = markupIn(text);
      return found ? [{key, id: 'checks.markup', values: {found: JSON.stringify(found)}}] : [];
    }),
};
