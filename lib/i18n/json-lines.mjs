// The line of every key of a JSON document, as dotted paths ("a.b.c" → 12),
// so a problem in a catalog can name the line a translator has to open.

/** Map of dotted key → 1-based line, for objects nested in objects (catalogs). */
export const keyLines = (text) => scanKeys(text).lines;

/**
 * One pass over a catalog's text: the line of every key (a key written twice
 * keeps its first), and the keys written more than once in one object
 * ([{key, line, firstLine}]), which JSON.parse would silently collapse.
 */
export function scanKeys(text) {
  const lines = new Map();
  const duplicates = [];
  const path = [];
  let line = 1;
  let lastString = null;
  let pendingKey = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    else if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') {
          value += JSON.parse(`"${text.slice(j, text[j + 1] === 'u' ? j + 6 : j + 2)}"`);
          j += text[j + 1] === 'u' ? 6 : 2;
        } else {
          if (text[j] === '\n') line++;
          value += text[j++];
        }
      }
      lastString = {value, line};
      i = j;
    } else if (ch === ':' && lastString) {
      pendingKey = lastString.value;
      const key = [...path, pendingKey].join('.');
      if (lines.has(key)) duplicates.push({key, line: lastString.line, firstLine: lines.get(key)});
      else lines.set(key, lastString.line);
      lastString = null;
    } else if (ch === '{') {
      if (pendingKey !== null) path.push(pendingKey);
      pendingKey = null;
    } else if (ch === '}') {
      path.pop();
    } else if (ch === ',') {
      pendingKey = null;
      lastString = null;
    }
  }
  return {lines, duplicates};
}

/** "line L, column C" of a character offset. */
export function positionOf(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return {line: before.length, column: before.at(-1).length + 1};
}
