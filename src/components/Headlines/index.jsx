// The overview's headlines: per page with findings, its title, a small chart
// and the answer sentence its own page opens with.
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import IntervalBar, {reachOf} from '@site/src/components/IntervalBar';
import {darkImageOf, IMAGE_SIZES, narrowImageOf} from '@site/lib/charts/chart-spec.mjs';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

/** The page chart's narrow image, as a thumbnail: no script needed. */
/** A page's chart, drawn for a phone, in the reader's theme (custom.css shows one of the two). */
function Thumbnail({image, alt}) {
  const light = useBaseUrl(narrowImageOf(image));
  const dark = useBaseUrl(darkImageOf(narrowImageOf(image)));
  return (
    <>
      <img
        className={`${styles.image} theme-light-only`}
        src={light}
        alt={alt}
        loading="lazy"
        {...IMAGE_SIZES.narrow}
      />
      <img className={`${styles.image} theme-dark-only`} src={dark} alt={alt} loading="lazy" {...IMAGE_SIZES.narrow} />
    </>
  );
}

/** The versions page's first pair, per workload: each measure's change drawn across its margin. */
function MiniMatrix({headline: h}) {
  const t = useT();
  const reach = Object.fromEntries(
    h.measures.map((k) => [
      k.id,
      reachOf(
        h.rows.map((r) => r[k.id]),
        k.margin,
      ),
    ]),
  );
  const scenarios = [...new Set(h.rows.map((r) => r.scenario))];
  return (
    <div className={styles.mini}>
      <p className={styles.pair}>
        <Explained>{t('home.pair', h.pair)}</Explained>
      </p>
      {scenarios.map((scenario) => (
        <div key={scenario}>
          <p className={styles.scenario}>{scenario}</p>
          <dl>
            {h.rows
              .filter((r) => r.scenario === scenario)
              .map((r) => (
                <div key={r.id} className={styles.workload}>
                  <dt>{r.workload}</dt>
                  {h.measures.map(({id, label, margin}) =>
                    r[id] ? (
                      <dd key={id} className={styles[r[id].verdict] ?? ''}>
                        <span className={styles.measure}>{label}</span>
                        <span className={styles.change}>
                          {r[id].text} <Explained>{r[id].short}</Explained>
                        </span>
                        <IntervalBar cell={r[id]} margin={margin} reach={reach[id]} />
                      </dd>
                    ) : null,
                  )}
                </div>
              ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/** @param {{data: {headlines: object[]}, titles: Record<string, React.ReactNode>}} props  titles: per page */
export default function Headlines({data, titles}) {
  const gap = useSentenceGap();
  return (
    // Each headline is its own page's answer: indexed there, not here, so a search leads to that page.
    <div className={styles.grid} data-pagefind-ignore="all">
      {data.headlines.map((h) => (
        <section key={h.page} className={styles.card} data-headline={h.page}>
          <h2 className={styles.title}>
            <Link to={`/${h.page}`}>{titles[h.page]}</Link>
          </h2>
          {h.rows ? <MiniMatrix headline={h} /> : <Thumbnail image={h.image} alt={h.alt} />}
          {h.sentence && (
            <p className={styles.sentence} data-answer-sentence={h.page}>
              <Explained>{h.sentence}</Explained>
            </p>
          )}
          {h.conditions && (
            <p className={styles.conditions} data-conditions={h.page}>
              <Explained>{[h.conditions.instructions, h.conditions.time].filter(Boolean).join(gap)}</Explained>
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
