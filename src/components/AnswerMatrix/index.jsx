// A page of results' answer, on its first screen: two servers the reader picks (in the query string, so an answer
// can be linked to), one sentence generated from their verdicts, and every group × server against the chosen
// baseline in each measure, each cell coloured by its verdict with its interval drawn across the margin. Every pair
// was decided and worded by the build (lib/pages/answer-matrix.mjs); the browser only picks one.
import {useCallback, useEffect, useRef} from 'react';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import {ControlRow, Select, useQueryState} from '@site/src/components/Controls';
import {pairQuery, pairState} from './pair-query.mjs';
import {usePublishedPair} from './shown-pair.mjs';
import Matrix, {targetName} from './Matrix';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';

/** @param {{data: object, onDemand: Function}} props  onDemand: the loader of the page's on-demand file */
export default function AnswerMatrix({data, onDemand}) {
  const first = data.answer;
  const [state, change] = useChosenPair(first);
  usePublishedPair(state);
  const scroller = useChosenColumnInView(state);
  const m = useAnswerFor(first, state, onDemand);
  const pair = m.pairs.find((p) => p.target === state.target && p.baseline === state.baseline);
  return (
    <section className={styles.answer} data-answer={`${state.target} ${state.baseline}`}>
      <PairPicker answer={m} state={state} change={change} />
      {state.refused && <Refused answer={m} state={state} />}
      <p className={styles.sentence} data-answer-sentence aria-live="polite">
        {pair ? <Explained>{pair.sentence}</Explained> : <NotLoaded failed={m.failed} />}
      </p>
      {/* Too few runs for any test: what they can say, and the one command that measures enough. */}
      {data.more && (
        <p className={styles.more} data-answer-more>
          <Explained>{data.more.text}</Explained> <code>{data.more.command}</code>
        </p>
      )}
      {pair?.build && (
        <p className={styles.defaults} data-answer-build>
          <Explained>{pair.build}</Explained>
        </p>
      )}
      <figure className={styles.figure}>
        <div className={styles.scroll} ref={scroller}>
          <Matrix answer={m} state={state} />
        </div>
        <MatrixCaption answer={m} baseline={state.baseline} />
      </figure>
      {/* Which column is which build and settings: under the matrix, whose first row must be on the first screen. */}
      {m.defaults && (
        <p className={styles.defaults}>
          <Explained>{m.defaults}</Explained>
        </p>
      )}
      <Conditions conditions={m.conditions} />
    </section>
  );
}

/**
 * The answer with the pairs the chosen baseline needs: the first view's come with the page, every other pair
 * from the page's on-demand file, loaded the first time the reader picks another baseline.
 */
function useAnswerFor(first, state, onDemand) {
  const {data, failed, load} = useOnDemand(onDemand);
  const needed = state.baseline !== first.initial.baseline;
  useEffect(() => {
    if (needed) load();
  }, [needed, load]);
  return data ? {...first, pairs: data.pairs} : {...first, failed};
}

/** The chosen version and baseline, kept in the query string; `change` takes either or both. */
function useChosenPair(m) {
  const parse = useCallback((search) => pairState(search, m), [m]);
  const query = useCallback((state) => pairQuery(state, m), [m]);
  return useQueryState(parse, query, m.initial);
}

/**
 * On a narrow screen the matrix scrolls sideways: the chosen version's column is brought into view, beside
 * the workload names that stay put. Returns the ref for the scrolling box.
 */
function useChosenColumnInView(state) {
  const scroller = useRef(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new baseline redraws the columns, so it re-aims too.
  useEffect(() => {
    const box = scroller.current;
    const chosen = box?.querySelector(`th[data-column="${state.target}"]`);
    if (!box || !chosen || box.scrollWidth <= box.clientWidth) return;
    const names = box.querySelector('th[scope="col"]')?.offsetWidth ?? 0;
    const left = chosen.offsetLeft - names;
    if (left < box.scrollLeft || chosen.offsetLeft + chosen.offsetWidth > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, left);
    }
  }, [state.target, state.baseline]);
  return scroller;
}

/** The two selects: the version, and the baseline it is compared with (any version but itself). */
function PairPicker({answer: m, state, change}) {
  const options = m.targets.map((x) => [x.id, x.name]);
  return (
    <ControlRow label={m.words.label}>
      <Select
        id="answer-version"
        label={m.words.target}
        value={state.target}
        options={options}
        onChange={(v) => change({target: v})}
      />
      <Select
        id="answer-baseline"
        label={m.words.baseline}
        value={state.baseline}
        options={options.filter(([id]) => id !== state.target)}
        onChange={(v) => change({baseline: v})}
      />
    </ControlRow>
  );
}

/** An address that asked for a server the answer cannot show, or a server against itself: said, with the choice. */
function Refused({answer: m, state}) {
  const t = useT();
  return (
    <p role="status" data-refused>
      {t('common.refusedPair', {
        asked: state.refused.join(', '),
        name: targetName(m, state.target),
        base: targetName(m, state.baseline),
      })}
    </p>
  );
}

/** What each measure counted, and how: said with the figures, never left to another page. */
function Conditions({conditions}) {
  // Each line is also given to the search index (a Pagefind filter, which is returned with a result and, unlike
  // metadata, never matched by a query): a result from the page quotes its figures, and the search shows them with
  // their conditions (src/theme/SearchBar).
  const lines = [
    ['instructions', conditions.instructions],
    ['time', conditions.time],
  ].filter(([, line]) => line);
  return (
    <ul className={styles.conditions} data-conditions>
      {lines.map(([measure, line]) => (
        // From an attribute: the minifier drops </li>, and the element's text would run into the next line.
        <li key={measure} data-pagefind-filter={`conditions_${measure}[data-line]`} data-line={line}>
          {line}
        </li>
      ))}
    </ul>
  );
}

function MatrixCaption({answer: m, baseline}) {
  const gap = useSentenceGap();
  return (
    <figcaption id="answer-caption" className={styles.caption}>
      <Explained>{m.words.caption[baseline]}</Explained>
      {m.notes.map((note) => (
        <span key={note.kind} data-note={note.kind}>
          {gap}
          <Explained>{note.text}</Explained>
        </span>
      ))}
    </figcaption>
  );
}
