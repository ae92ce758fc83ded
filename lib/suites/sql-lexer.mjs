// A suite's SQL files split as psql and pgbench read them: SQL statements (comments removed, quoted text kept),
// backslash commands with their arguments, and the variables psql substitutes into SQL, each with its line. The
// reading follows psql's own lexers (psqlscan.l, psqlscanslash.l) where they decide what runs: where a command's
// arguments end, what is quoted, what is read again. shell-access.mjs judges what it finds.

/**
 * The text split as psql (or pgbench) reads it: SQL statements (comments removed, quoted text kept) and
 * backslash commands, each with the line it starts on.
 * @param {'psql'|'pgbench'} dialect  psql reads a backslash command anywhere outside quotes; pgbench at a
 *   line's start only
 * @returns {{statements: {text: string, line: number}[], commands: {name: string, args: string, line: number}[]}}
 */
export function splitSql(text, dialect) {
  const statements = [];
  const commands = [];
  const interpolations = [];
  let current = '';
  // Whether `current` is only white space so far: asked at every character, so kept, not computed.
  let blank = true;
  // `code`: the statement with its quoted text ('…', E'…', "…") blanked, for rules about keywords; a dollar-quoted
  // body stays, since it is a function's SQL.
  let code = '';
  const add = (piece, coded = piece) => {
    current += piece;
    code += coded;
    if (blank && /\S/.test(piece)) blank = false;
  };
  let startLine = 1;
  let line = 1;
  const flush = () => {
    if (!blank) statements.push({text: current, code, line: startLine});
    current = '';
    blank = true;
    code = '';
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    const rest = () => {
      const end = text.indexOf('\n', i);
      return end === -1 ? text.length : end;
    };
    if (c === '\n') {
      line++;
      add(c);
      i++;
      continue;
    }
    if (blank) startLine = line;
    // A backslash outside quoted text starts a command, in psql and in pgbench alike (pgbench reads one after
    // a statement on the same line too). In pgbench it runs to the line's end; in psql as psql reads it
    // (psqlCommandAt). Names are read in any case, as pgbench reads them (psql's are a subset).
    if (c === '\\') {
      const found = dialect === 'psql' ? psqlCommandAt(text, i) : pgbenchCommandAt(text, i, rest());
      commands.push({name: found.name, args: found.args, line});
      i = found.resume;
      continue;
    }
    if (dialect === 'psql' && c === ':') {
      const colon = colonAt(text, i);
      if (colon.variable) interpolations.push({name: colon.variable, line, quote: colon.quote ?? null});
      if (colon.cast) {
        add('::');
        i += 2;
        continue;
      }
    }
    if (c === '-' && text[i + 1] === '-') {
      i = rest();
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = commentEnd(text, i);
      line += text.slice(i, end).split('\n').length - 1;
      i = end;
      add(' ');
      continue;
    }
    const quoted = quotedEnd(text, i);
    if (quoted > i) {
      const piece = text.slice(i, quoted);
      line += piece.split('\n').length - 1;
      add(piece, c === '$' ? piece : `${c}${c}`);
      i = quoted;
      continue;
    }
    add(c);
    i++;
    if (c === ';') flush();
  }
  flush();
  return {statements, commands, interpolations};
}

/**
 * A colon in psql's SQL: "::" is a cast; ":name" a variable psql substitutes with its value and reads that again
 * as psql input, so a value made as the file runs (\\gset, \\set of an escaped backslash) can hold any command;
 * :'name' and :"name" are quoted, never read again.
 */
function colonAt(text, i) {
  if (text[i + 1] === ':') return {cast: true};
  const quoted = /^(['"])([A-Za-z0-9_\u0080-\uffff]+)\1/.exec(text.slice(i + 1, i + 67));
  if (quoted) return {variable: quoted[2], quote: quoted[1]};
  return {variable: /^[A-Za-z0-9_\u0080-\uffff]+/.exec(text.slice(i + 1, i + 65))?.[0] ?? null};
}

/** A command's name, as pgbench and this check class it: !, or letters (in lower case); the rest is arguments. */
function named(body) {
  const name = (/^(!|[A-Za-z_?+]+)/.exec(body)?.[1] ?? body.slice(0, 1)).toLowerCase();
  return {name, rest: body.slice(name.length)};
}

/** A pgbench meta-command at i: the whole line. */
function pgbenchCommandAt(text, i, eol) {
  const {name, rest} = named(text.slice(i + 1, eol));
  return {name, args: rest.trim(), resume: eol};
}

// psql's commands whose argument is the rest of the line, backslashes and all (psqlscanslash.l, OT_WHOLE_LINE),
// and those whose argument, when it starts with "|", is (OT_FILEPIPE).
const WHOLE_LINE = new Set(['!', 'copy', 'h', 'help', 'sf', 'sv', 'ef', 'ev']);
const FILEPIPE = new Set(['o', 'out', 'g', 'gx', 'w', 'write']);

/**
 * A psql backslash command at i, as psql's lexer reads it (psqlscanslash.l): its name ends at white space or a
 * backslash; its arguments end at the line's end or at an unquoted backslash, which starts the next command
 * ("\\" ends the command and returns to SQL); quoted text ('…' with backslash escapes, "…", `…`) is part of an
 * argument. A command of WHOLE_LINE, or an output command's "|…", takes the rest of the line.
 * @returns {{name: string, args: string, resume: number}}  resume: where reading goes on
 */
function psqlCommandAt(text, i) {
  let j = i + 1;
  while (j < text.length && !/[\s\\]/.test(text[j])) j++;
  const {name, rest} = named(text.slice(i + 1, j));
  const eol = text.indexOf('\n', j) === -1 ? text.length : text.indexOf('\n', j);
  const whole = WHOLE_LINE.has(name) || (FILEPIPE.has(name) && /^\s*(\([^)]*\)\s*)?\|/.test(text.slice(j, eol)));
  if (whole) return {name, args: `${rest}${text.slice(j, eol)}`.trim(), resume: eol};
  for (; j < eol; j++) {
    const quote = text[j];
    if (quote === "'") {
      for (j++; j < eol && text[j] !== "'"; j++) if (text[j] === '\\') j++;
    } else if (quote === '"' || quote === '`') {
      const close = text.indexOf(quote, j + 1);
      j = close === -1 || close > eol ? eol : close;
    } else if (quote === '\\') break;
  }
  const args = `${rest}${text.slice(i + 1 + name.length + rest.length, j)}`.trim();
  const resume = text.startsWith('\\\\', j) ? j + 2 : j;
  return {name, args, resume};
}

/** Where the block comment starting at i ends (comments nest in PostgreSQL's SQL). */
function commentEnd(text, i) {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (text.startsWith('/*', j)) {
      depth++;
      j++;
    } else if (text.startsWith('*/', j)) {
      depth--;
      j++;
      if (depth === 0) return j + 1;
    }
  }
  return text.length;
}

const IDENTIFIER = /[\w$\u0080-\uffff]/;

/** Where quoted text starting at i ends ('…', E'…', "…", $tag$…$tag$), or i when none starts there. */
export function quotedEnd(text, i) {
  const c = text[i];
  // As the server's lexer and psql's: any byte above ASCII is a letter of an identifier, and "1.E" one token.
  const identifierBefore = i > 0 && IDENTIFIER.test(text[i - 1]);
  if (c === "'") {
    const escapes = i > 0 && /[eE]/.test(text[i - 1]) && !(i > 1 && /[\w$.\u0080-\uffff]/.test(text[i - 2]));
    for (let j = i + 1; j < text.length; j++) {
      if (escapes && text[j] === '\\') j++;
      else if (text[j] === "'") {
        if (text[j + 1] === "'") j++;
        else return j + 1;
      }
    }
    return text.length;
  }
  if (c === '"') {
    const end = text.indexOf('"', i + 1);
    return end === -1 ? text.length : end + 1;
  }
  if (c === '$' && !identifierBefore) {
    const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(text.slice(i, i + 130));
    if (!tag) return i;
    const end = text.indexOf(tag[0], i + tag[0].length);
    return end === -1 ? text.length : end + tag[0].length;
  }
  return i;
}
