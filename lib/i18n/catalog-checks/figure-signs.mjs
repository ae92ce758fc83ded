// A percentage or a ratio arrives with its sign when English's message writes
// none after it ({{change}} is "+12.3%"): a sign added after it doubles
// ("+12.3%%"). Signs are the half-width ones the data writes (a full-width ％
// beside a figure's % looks like a second style), and never doubled.
import {PLACEHOLDER} from '../messages.mjs';

const SIGN = '[%％×xX✕倍배]';
const signAfter = new RegExp(`${PLACEHOLDER.source}\\s*(${SIGN})`, 'gu');
const englishSignAfter = (english, name) =>
  new RegExp(`\\{\\{\\s*${name.replace('.', '\\.')}\\s*\\}\\}(\\s*[%×]|\\s+times\\b)`, 'u').test(english);

export default {
  name: 'figure-signs',
  description: 'No % or × added after a {{figure}} that carries its own, no doubled or full-width ％ and ×.',
  appliesTo: 'every',
  check: ({catalog, english}) =>
    [...catalog.messages].flatMap(([key, text]) => {
      const problems = [];
      for (const m of text.matchAll(/%%|％|××|✕|倍倍|배배/gu))
        problems.push({key, id: m[0] === '％' ? 'checks.fullWidthSign' : 'checks.doubledSign', values: {sign: m[0]}});
      const source = english?.messages.get(key);
      if (source === undefined) return problems;
      for (const m of text.matchAll(signAfter)) {
        if (/[xX]/.test(m[2]) && /^[A-Za-z]/.test(text.slice(m.index + m[0].length))) continue; // a word, not ×
        if (!englishSignAfter(source, m[1]))
          problems.push({key, id: 'checks.signAdded', values: {placeholder: `{{${m[1]}}}`, sign: m[2]}});
      }
      return problems;
    }),
};
