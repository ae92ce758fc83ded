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

/**
 * What an Ajv error (with `verbose: true`) means, and what to do about it.
 * @param {object} context  doc: the page that explains the fields; schemaVersion: the version read
 */
export function explainSchemaError(error, {doc, schemaVersion}) {
  const {keyword, params, data} = error;
  switch (keyword) {
    case 'required':
      return `"${params.missingProperty}" is missing: add it (${doc} says what it holds)`;
    case 'additionalProperties':
      return (
        `"${params.additionalProperty}" is not a field here: remove it, or correct its spelling (${doc} lists ` +
        `the fields)`
      );
    case 'type': {
      const hint =
        typeof data === 'string' && /^[\d.,\s]+[kKmM万만億억]?$/.test(data.trim())
          ? `; write numbers as JSON numbers in base units (84800, not "84.8K")`
          : '';
      return `must be ${[params.type].flat().join(' or ')}, not ${show(data)}${hint}`;
    }
    case 'enum':
      return `must be one of ${error.schema.map(show).join(', ')}, not ${show(data)}`;
    case 'const':
      return error.instancePath === '/schemaVersion'
        ? `this file follows result schema version ${show(data)}, and this tool reads version ${schemaVersion}: ` +
            `regenerate the file with this tool, or migrate it`
        : `must be ${show(params.allowedValue)}, not ${show(data)}`;
    case 'format':
      return `must be a ${params.format} (e.g. "2026-11-22T10:00:00Z"), not ${show(data)}`;
    case 'pattern':
      return `${show(data)} does not match ${params.pattern}`;
    case 'minimum':
      return `must be at least ${params.limit}, not ${show(data)}`;
    default:
      return error.message;
  }
}
