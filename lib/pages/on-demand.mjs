// What a page shows only when the reader opens it (the folded tables of
// functions under the instructions figures, the Translating page's messages
// by group) is kept out of the page's first load, which has a budget
// (README, Performance): it goes under the page data's `onDemand`, which the
// data plugin publishes as a file of its own (<page>.on-demand.json) and
// src/components/OnDemand loads when the reader opens such a part.

import {pairKey} from '../results/keys.mjs';

/**
 * `items` (groups or cases, each maybe with `instructions`) without their
 * function rows, and those rows by pairKey.
 */
export function foldFunctionRows(items) {
  const functions = {};
  const folded = items.map((item) => {
    if (!item.instructions) return item;
    const kept = item.instructions.functions.map(({rows, ...comparison}) => {
      functions[pairKey(item.id, comparison.target)] = rows;
      return comparison;
    });
    return {...item, instructions: {...item.instructions, functions: kept}};
  });
  return {items: folded, functions};
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
 * of what the server did, and those rows by the part's id (`<id>` timed, `<id>-instructions` counted).
 */
export function foldActivityRows(items) {
  const activity = {};
  const fold = (part, id) => {
    if (!part?.activity) return part;
    activity[id] = part.activity.rows;
    return {...part, activity: {facts: part.activity.facts}};
  };
  const folded = items.map((item) => {
    const timed = fold(item, item.id);
    return item.instructions ? {...timed, instructions: fold(item.instructions, `${item.id}-instructions`)} : timed;
  });
  return {items: folded, activity};
}
