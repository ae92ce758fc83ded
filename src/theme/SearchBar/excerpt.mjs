// Pagefind's excerpts are escaped text with <mark> around the matched words:
// split into parts to render as React text and <mark> elements, never as HTML.
const ENTITIES = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'"};
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]);

/** @returns {{text: string, mark: boolean}[]} */
export function excerptParts(html) {
  return html
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('<mark>')
        ? {text: decode(part.slice(6, -7)), mark: true}
        : {text: decode(part.replace(/<[^>]*>/g, '')), mark: false},
    );
}
