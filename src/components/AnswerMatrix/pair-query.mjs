// The pair of targets an answer shows, kept in the query string (?version=pg18&baseline=pg17) so that an
// answer can be linked to: read from it and written back. The browser's side of the matrix the build made.

/**
 * The pair a query string asks for (?version=pg18&baseline=pg17), each part the matrix's first view where the
 * query lacks it or names no version of the run; a baseline equal to the version falls back to another.
 * `refused` lists what the query named and the pair does not show.
 */
export function pairState(search, matrix) {
  const q = new URLSearchParams(search);
  const known = (id) => matrix.targets.some((x) => x.id === id);
  const target = known(q.get('version')) ? q.get('version') : matrix.initial.target;
  const asked = known(q.get('baseline')) ? q.get('baseline') : matrix.initial.baseline;
  const baseline =
    asked !== target
      ? asked
      : [matrix.initial.baseline, matrix.initial.target, ...matrix.targets.map((x) => x.id)].find(
          (id) => id !== target,
        );
  // What the address asked for and the answer does not show, so that the page can say so.
  const refused = [
    ['version', target],
    ['baseline', baseline],
  ].flatMap(([part, shown]) => (q.get(part) !== null && q.get(part) !== shown ? [`${part}=${q.get(part)}`] : []));
  return refused.length > 0 ? {target, baseline, refused} : {target, baseline};
}

/** The query string of a pair: only what differs from the first view, so the plain address is that view. */
export function pairQuery({target, baseline}, matrix) {
  const state = {target, baseline};
  const q = new URLSearchParams();
  if (state.target !== matrix.initial.target) q.set('version', state.target);
  if (state.baseline !== matrix.initial.baseline) q.set('baseline', state.baseline);
  const text = q.toString();
  return text ? `?${text}` : '';
}
