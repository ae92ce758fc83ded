// Splits text into lines the way a terminal shows them: "\n", "\r\n" and a
// lone "\r" (pgbench's progress output on a terminal) each end a line.

const BREAK = /\r\n|\r|\n/;

/** All lines of a complete text; a final line without a line end is kept. */
export function splitLines(text) {
  const lines = text.split(BREAK);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * A splitter for text arriving in chunks: `push(chunk)` returns the lines the
 * chunk completed, `end()` the unfinished rest. A "\r" ending a chunk stays in
 * the carry, so that a "\n" starting the next chunk makes one "\r\n" with it.
 * Only the new chunk is searched for line ends, and an unfinished line is kept
 * as a list of pieces: a line of any length costs time in proportion to it.
 */
export function createLineSplitter() {
  let pieces = [];
  let heldCr = false;
  return {
    push(chunk) {
      const lines = [];
      let text = chunk;
      if (heldCr) {
        heldCr = false;
        lines.push(pieces.join(''));
        pieces = [];
        if (text.startsWith('\n')) text = text.slice(1);
      }
      if (text.endsWith('\r')) {
        heldCr = true;
        text = text.slice(0, -1);
      }
      const parts = text.split(BREAK);
      pieces.push(parts[0]);
      if (parts.length > 1) {
        lines.push(pieces.join(''), ...parts.slice(1, -1));
        pieces = [parts.at(-1)];
      }
      return lines;
    },
    end() {
      const rest = pieces.join('');
      const endedByCr = heldCr;
      pieces = [];
      heldCr = false;
      return endedByCr || rest !== '' ? [rest] : [];
    },
  };
}
