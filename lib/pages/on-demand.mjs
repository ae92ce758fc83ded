// What a page shows only when the reader opens it (the folded tables of
// functions under the instructions figures, the answer against another
// baseline, the Translating page's messages by group) is kept out of the page's first load, which has a budget
// (README, Performance): it goes under the page data's `onDemand`, which the
// data plugin publishes as a file of its own (<page>.on-demand.json) and
// src/components/OnDemand loads when the reader opens such a part.

import {pairKey} from '../model/keys.mjs';

/**
 * `items` (groups or cases, each maybe with `instructions`) without their function rows and how they were
 * counted, and those rows by pairKey, the methods by item; with `versus`, the tables against every other base
 * too (function-figures.mjs), whole, by pairKey(item, base), else left out (a page with no baseline to choose).
 */
export function foldFunctionRows(items, {versus: keepVersus = false} = {}) {
  const functions = {};
  const versus = {};
  const methods = {};
  const folded = items.map((item) => {
    if (!item.instructions) return item;
    const {functionsVersus = {}, ...instructions} = item.instructions;
    const kept = instructions.functions.map(({rows, ...comparison}) => {
      functions[pairKey(item.id, comparison.target)] = rows;
      return comparison;
    });
    if (keepVersus) for (const [base, list] of Object.entries(functionsVersus)) versus[pairKey(item.id, base)] = list;
    // The other bases the page can show tables against, loaded on demand.
    const bases = keepVersus && {functionBases: Object.keys(functionsVersus)};
    // How they were counted: folded under each group, the same words in most.
    methods[item.id] = instructions.method;
    return {...item, instructions: {...instructions, method: null, functions: kept, ...bases}};
  });
  return keepVersus ? {items: folded, functions, versus, methods} : {items: folded, functions, methods};
}

/**
 * The answer with the pairs of its first view only (every server against the first baseline, which its matrix
 * shows), and all its pairs apart, loaded when the reader picks another baseline. Null stays null.
 */
export function foldAnswerPairs(answer) {
  if (!answer) return {answer, pairs: null};
  const first = answer.pairs.filter((p) => p.baseline === answer.initial.baseline);
  return {answer: {...answer, pairs: first}, pairs: answer.pairs};
}

/** The Translating page's message groups, as its first load names them: a group and how many messages. */
export function messageGroups(messages) {
  const counts = new Map();
  for (const {key} of messages) {
    const group = key.split('.')[0];
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return [...counts].map(([group, count]) => ({group, count}));
}

/**
 * `items` (groups or cases, each maybe with `activity`, and its instructions with their own) without the rows
 * of what the server did, and those rows by the part's id (`<id>` timed, `<id>-instructions` counted); the
 * statements' latencies likewise, under `statements`.
 */
export function foldActivityRows(items) {
  const activity = {};
  const statements = {};
  const fold = (part, id) => {
    if (!part?.activity) return part;
    activity[id] = part.activity.rows;
    if (part.activity.statements) statements[id] = part.activity.statements;
    return {...part, activity: {facts: part.activity.facts}};
  };
  const folded = items.map((item) => {
    const timed = fold(item, item.id);
    return item.instructions ? {...timed, instructions: fold(item.instructions, `${item.id}-instructions`)} : timed;
  });
  return {items: folded, activity, statements};
}
