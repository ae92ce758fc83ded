// A message is plain text. Pages render every message as text, and where a
// page needs a link or emphasis its template supplies the element; a tag, an
// entity, a markdown link or a URL in a message is at best shown raw and at
// worst (in a component that renders HTML) run.
import {markupIn as plainTextMarkup} from '../../plain-text.mjs';
import {withoutPlaceholders} from '../messages.mjs';

/** The first piece of markup in a message (placeholders aside), or null. */
export const markupIn = (text) => plainTextMarkup(withoutPlaceholders(text));

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
