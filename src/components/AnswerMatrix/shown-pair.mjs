// The pair the page's versions answer shows, for the parts of the page that follow it (the tables of the
// functions that changed, under each group's instructions): one value per page, set by the answer as the
// reader picks, null on a page without one.
import {useEffect, useSyncExternalStore} from 'react';

let shown = null;
const listeners = new Set();

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(pair) {
  shown = pair;
  for (const listener of listeners) listener();
}

/** The answer's side: the pair it shows now, withdrawn when it leaves the page. */
export function usePublishedPair(pair) {
  useEffect(() => {
    publish(pair);
    return () => publish(null);
  }, [pair]);
}

/** The followers' side: the pair the answer shows ({target, baseline}), or null (no answer, or before it hydrates). */
export const useShownPair = () =>
  useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
