// Turns JSON Schema (Ajv) errors into messages that say where and what to do.

/** "/cells/3/summary/tps" → "cells[3].summary.tps" */
export function readablePath(pointer) {
  if (pointer === '') return '(top level)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

const show = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** Levenshtein distance, for names a letter or two apart. */
function distance(a, b) {
  let row = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** The field of `known` that `name` most likely misspells (a letter or two apart, or its case), or null. */
function nearestField(name, known) {
  const scored = known
    .map((k) => ({k, d: k.toLowerCase() === name.toLowerCase() ? 0 : distance(k, name)}))
    .filter(({d}) => d <= Math.min(2, Math.floor(name.length / 3)))
    .sort((a, b) => a.d - b.d);
  return scored[0]?.k ?? null;
}

/**
 * Where else in a schema a field is defined: "at the top level", "in a
 * target" (a definition), or "under \"instructions\"" (an object's field).
 */
function placesOf(name, schema) {
  const places = [];
  const walk = (node, label, depth) => {
    if (!node || typeof node !== 'object' || depth > 4) return;
    if (node.properties && Object.hasOwn(node.properties, name)) places.push(label);
    for (const [key, value] of Object.entries(node.properties ?? {})) walk(value, `under "${key}"`, depth + 1);
    if (node.items) walk(node.items, label, depth + 1);
  };
  walk(schema, 'at the top level', 0);
  for (const [key, value] of Object.entries(schema?.$defs ?? {})) walk(value, `in a ${key}`, 1);
  return [...new Set(places)];
}

function unknownField(error, {doc, schema}) {
  const name = error.params.additionalProperty;
  const near = nearestField(name, Object.keys(error.parentSchema?.properties ?? {}));
  if (near) return `"${name}" is not a field here: did you mean "${near}"? (${doc} lists the fields)`;
  const places = schema ? placesOf(name, schema) : [];
  if (places.length > 0) {
    return `"${name}" is not a field here: it belongs ${places.join(' or ')} (${doc} lists the fields)`;
  }
  return `"${name}" is not a field here: remove it, or correct its spelling (${doc} lists the fields)`;
}

/**
 * What an Ajv error (with `verbose: true`) means, and what to do about it.
 * @param {object} context  doc: the page that explains the fields; schemaVersion: the version read;
 *   schema (optional): the whole schema, to say where a field put in the wrong place belongs
 */
export function explainSchemaError(error, context) {
  const {doc, schemaVersion} = context;
  const {keyword, params, data} = error;
  switch (keyword) {
    case 'required':
      return `"${params.missingProperty}" is missing: add it (${doc} says what it holds)`;
    case 'additionalProperties':
      return unknownField(error, {doc, schema: context.schema});
    case 'type': {
      const hint =
        typeof data === 'string' && /^[\d.,\s]+[kKmM万만億억]?$/.test(data.trim())
          ? `; write numbers as JSON numbers in base units (84800, not "84.8K")`
          : '';
      return `must be ${[params.type].flat().join(' or ')}, not ${show(data)}${hint}`;
    }
    case 'enum': {
      // A value a letter or two from one allowed is a typo; else a field whose other values need another fix says
      // which ($comment: suite.schema.json's differs).
      const strings = error.schema.filter((v) => typeof v === 'string');
      const near = typeof data === 'string' ? nearestField(data, strings) : null;
      const more = near
        ? `: did you mean ${show(near)}?`
        : error.parentSchema?.$comment
          ? `: ${error.parentSchema.$comment}`
          : '';
      return `must be one of ${error.schema.map(show).join(', ')}, not ${show(data)}${more}`;
    }
    case 'const':
      return error.instancePath === '/schemaVersion'
        ? `this file follows result schema version ${show(data)}, and this tool reads version ${schemaVersion}: ` +
            `regenerate the file with this tool, or migrate it`
        : `must be ${show(params.allowedValue)}, not ${show(data)}`;
    case 'format':
      return `must be a ${params.format} (e.g. "2026-11-22T10:00:00Z"), not ${show(data)}`;
    case 'pattern': {
      // A field with examples is told by them: a reader fixes a value from "60s, 5m, 1h", not from a regex.
      const examples = error.parentSchema?.examples;
      return examples
        ? `${show(data)} is not written as this field takes it: write it like ${examples.map(show).join(', ')}`
        : `${show(data)} does not match ${params.pattern}`;
    }
    case 'minimum':
      return `must be at least ${params.limit}, not ${show(data)}`;
    default:
      return error.message;
  }
}
