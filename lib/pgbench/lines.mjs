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
 */
export function createLineSplitter() {
  let carry = '';
  return {
    push(chunk) {
      let text = carry + chunk;
      const heldCr = text.endsWith('\r');
      if (heldCr) text = text.slice(0, -1);
      const lines = text.split(BREAK);
      carry = lines.pop() + (heldCr ? '\r' : '');
      return lines;
    },
    end() {
      const rest = splitLines(carry);
      carry = '';
      return rest;
    },
  };
}
