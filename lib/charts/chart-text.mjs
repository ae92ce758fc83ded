// A chart's words as a canvas draws them, which never wraps a line: how wide a text is in columns, a label or a
// caption in lines, a legend's label cut with an ellipsis, and the names under bars, which stand on end on a phone
// where they would not fit side by side.

/** How wide a text is in columns: a CJK or Hangul character takes two. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const columnsOf = (text) => [...text].reduce((n, c) => n + (WIDE.test(c) ? 2 : 1), 0);

/**
 * A label as lines of at most about `columns` columns, broken at spaces only
 * (Chart.js draws an array as lines): "GROUP BY の順序" → ["GROUP BY", "の順序"].
 */
export function wrapLabel(text, columns) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && columnsOf(`${last} ${word}`) <= columns) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 1 ? lines : text;
}

const NO_LINE_START = /^[、。，．,.)）」』】〕！？!?：:；;ーぁぃぅぇぉっゃゅょァィゥェォッャュョ・]/u;
// Nor does an opening bracket end one ("TPC-B 風（" over "pgbench の既定）").
const NO_LINE_END = /[(（「『【〔]$/u;

/**
 * A line of text as lines of at most about `columns` columns, broken at a space or beside a CJK or Hangul
 * character (text in those scripts has few spaces), never inside a Latin word.
 */
export function wrapText(text, columns) {
  const lines = [''];
  // Words, and each wide character apart; a space stays with the word before it.
  for (const piece of text.match(new RegExp(`${WIDE.source}|[^\\s]+?(?=${WIDE.source}|\\s|$)\\s*|\\s+`, 'gu')) ?? []) {
    const last = lines.at(-1);
    // Punctuation and the long-vowel mark never start a line, an opening bracket never ends one (Japanese
    // line-breaking rules).
    const breakable = !NO_LINE_START.test(piece);
    if (last !== '' && breakable && columnsOf(`${last}${piece}`.trimEnd()) > columns) {
      // An opening bracket at the end of the line goes down with what follows it.
      const opening = NO_LINE_END.test(last.trimEnd()) && last.trimEnd().length > 1 ? last.trimEnd().at(-1) : '';
      if (opening) lines[lines.length - 1] = last.trimEnd().slice(0, -1);
      lines.push(`${opening}${piece.trimStart()}`);
    } else lines[lines.length - 1] = `${last}${piece}`;
  }
  return lines.map((l) => l.trimEnd()).filter(Boolean);
}

// On a phone the plot is about 250 px wide: category names are wrapped instead
// of tilted (tilted names ran into each other), and the axis titles take two lines.
// Each name has its share of the plot's width, about 28 columns of 12-px text beside an axis of wide figures: 7 for
// each of four names ("Sorted CTE" in one line of 10 ran into "Correlated"), 9 for three ("PostgreSQL 16" in lines
// of 10 ran into "PostgreSQL 17" beside an axis of instructions), at most 12 ("PostgreSQL 17 (work_mem 4MB)" of two
// servers in three lines, where lines of 10 stood it on end in a half-page chart with room to spare).
const NARROW_PLOT_COLUMNS = 28;
const NARROW_CATEGORY_COLUMNS = 12;
const NARROW_TITLE_COLUMNS = 18;
const WIDE_CATEGORY_COLUMNS = 20;
// A name standing on end is as tall as its longest line: on a phone's chart (300 px tall), the axis may take half
// the height, its title included, so a line of more than about 14 columns at 10 px was cut off at its start (at
// 260 px, one of 18: "pgbench の既定）、", which no line may break before its closing marks).
const UPRIGHT_LINE_COLUMNS = 14;

/** A label of one line as text, of several as the lines (as Chart.js draws them). */
const oneOrLines = (lines) => (lines.length > 1 ? lines : lines[0]);

/**
 * How category names are written under bars: wrapped upright (at spaces, and beside CJK and Hangul characters,
 * since "select-only、クライアント数 1" has one space), so that long ones (a server named with its settings) never
 * run into each other; on a phone, names with a word too wide for their slot stand on end, in short lines, each
 * name a narrow column of its own.
 */
export function categoryTicks(categories, theme) {
  const share = Math.floor(NARROW_PLOT_COLUMNS / categories.length);
  const columns = theme.narrow ? Math.min(NARROW_CATEGORY_COLUMNS, share) : WIDE_CATEGORY_COLUMNS;
  const wrapped = categories.map((c) => wrapText(c, columns));
  const widest = Math.max(...wrapped.flat().map(columnsOf));
  // Upright where a word is wider than its share, or a name would take more than three lines: side by side, such
  // names ran into each other.
  if (theme.narrow && (widest > columns || wrapped.some((lines) => lines.length > 3))) {
    return {
      minRotation: 90,
      maxRotation: 90,
      autoSkip: false,
      callback: (value) => oneOrLines(wrapText(categories[value], UPRIGHT_LINE_COLUMNS)),
      font: {...theme.font, size: 10},
    };
  }
  return {maxRotation: 0, autoSkip: false, callback: (value) => oneOrLines(wrapText(categories[value], columns))};
}

export const axisTitle = (text, theme) => (theme.narrow ? wrapLabel(text, NARROW_TITLE_COLUMNS) : text);

/** Text cut to at most about `columns` columns, an ellipsis standing for the rest. */
export function cutText(text, columns) {
  if (columnsOf(text) <= columns) return text;
  let cut = '';
  for (const c of text) {
    if (columnsOf(`${cut}${c}…`) > columns) break;
    cut += c;
  }
  return `${cut.trimEnd()}…`;
}
