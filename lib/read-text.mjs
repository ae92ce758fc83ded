// Reads a file given to us as text (an import, a result, a suite): UTF-8 only,
// a byte-order mark dropped (editors on Windows write one, and it would hide
// a JSON file's first "{"), and bytes that are not UTF-8 refused with their
// offset instead of being replaced silently by U+FFFD.
import {readFileSync} from 'node:fs';

const decoder = new TextDecoder('utf-8');

/** The text of UTF-8 `bytes`, without a BOM; throws naming `file` and the first bad byte's offset. */
export function decodeText(bytes, file) {
  const text = decoder.decode(bytes);
  // U+FFFD is either in the file (EF BF BD) or where undecodable bytes were: only the latter is refused.
  // Everything before a U+FFFD decoded as it was written, so its UTF-8 length is the byte offset.
  let offset = hasBom(bytes) ? 3 : 0;
  let from = 0;
  for (let at = text.indexOf('\ufffd'); at !== -1; at = text.indexOf('\ufffd', at + 1)) {
    offset += Buffer.byteLength(text.slice(from, at));
    from = at + 1;
    if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) {
      offset += 3;
      continue;
    }
    const byte = bytes[offset]?.toString(16).padStart(2, '0') ?? 'end';
    throw new Error(
      `${file}: not UTF-8 text: byte ${offset} (0x${byte}) does not decode. ` +
        'Save the file as UTF-8 (iconv -f LATIN1 -t UTF-8, say) and run the command again.',
    );
  }
  return text;
}

const hasBom = (bytes) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** A UTF-8 text file's content, without a BOM. */
export const readTextFile = (file) => decodeText(readFileSync(file), file);
