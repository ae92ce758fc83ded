// A chart from a build-time spec (lib/charts/chart-spec.mjs). The static HTML
// holds the chart's image (for readers without JavaScript) and its data as a
// table. In the browser the image stands until the chart comes near (within a
// screen of the viewport once the reader scrolls, points or types; in view at
// once in dark mode); then Chart.js, with only the chart's type registered,
// loads and draws it in the theme's colours. So a page's first JavaScript
// holds no Chart.js. Nothing is formatted in the browser: labels come written.
// The search leaves the chart's table out: figures are not what readers search
// for, and a run of many servers would fill the index with them.
import {useEffect, useRef, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useColorMode} from '@docusaurus/theme-common';
import {useT} from '@site/src/components/Msg';
import {chartConfig, seriesStyle} from '@site/lib/charts/chart-config.mjs';
import {darkImageOf, IMAGE_SIZES, narrowImageOf} from '@site/lib/charts/chart-spec.mjs';
import ChartTable from './ChartTable';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

const {wide: WIDE_SIZE, narrow: NARROW_SIZE} = IMAGE_SIZES;

const LOAD_CHART = {
  bar: () => import('@site/lib/charts/register-bar.mjs'),
  line: () => import('@site/lib/charts/register-line.mjs'),
};

// A figure narrower than this is a phone's: its names are wrapped or stand on end (chart-config.mjs).
const NARROW_BELOW = 480;

/** The theme's colours and font, read from the page's CSS; `narrow` on a phone-sized figure. */
function pageTheme(canvas) {
  const css = getComputedStyle(document.documentElement);
  const read = (name) => css.getPropertyValue(name).trim();
  return {
    text: read('--ifm-font-color-base'),
    grid: read('--ifm-color-emphasis-300'),
    font: {family: getComputedStyle(document.body).fontFamily, size: 12},
    narrow: canvas.parentElement.clientWidth < NARROW_BELOW,
  };
}

// What a reader does that says they read on: from then on, charts load ahead of them.
const READING = ['scroll', 'pointermove', 'keydown', 'touchstart'];

/**
 * Chart.js for `type`, once `box` is near; null until then. The image is the chart in light colours:
 * as the page opens it stands, in light mode, until the reader scrolls, points or types; from then on
 * a chart loads when it is within a screen of the viewport, so it is drawn before they reach it. In
 * dark mode a chart in view loads at once (its light image would stand out).
 */
function useChartNear(box, type) {
  const [Chart, setChart] = useState(null);
  useEffect(() => {
    if (Chart) return undefined;
    let cancelled = false;
    let observer = null;
    const observe = (rootMargin) => {
      observer?.disconnect();
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          LOAD_CHART[type]().then((module) => cancelled || setChart(() => module.Chart));
        },
        {rootMargin},
      );
      observer.observe(box.current);
    };
    const reading = () => {
      for (const event of READING) removeEventListener(event, reading);
      observe('100% 0px');
    };
    if (document.documentElement.dataset.theme === 'dark') observe('0px');
    for (const event of READING) addEventListener(event, reading, {passive: true});
    return () => {
      cancelled = true;
      observer?.disconnect();
      for (const event of READING) removeEventListener(event, reading);
    };
  }, [box, type, Chart]);
  return Chart;
}

/**
 * The axes whose labels a reader cannot read whole: one that took all the room Chart.js gives an axis (half the
 * chart's height, or width), which cuts its labels and draws its title over them; and category names lying side by
 * side wider than their slots (`x:crowded`), which run into each other.
 */
function axesCut(chart) {
  const cut = Object.values(chart.scales)
    .filter((s) => (s.isHorizontal() ? s.height >= s.maxHeight - 0.5 : s.width >= s.maxWidth - 0.5))
    .map((s) => s.id);
  const x = chart.scales.x;
  if (x?.type === 'category' && x.labelRotation === 0 && x.ticks.length > 0) {
    const font = x.options.ticks.font;
    chart.ctx.font = `${font.size}px ${font.family}`;
    const widest = Math.max(...x.ticks.flatMap((t) => [t.label].flat().map((l) => chart.ctx.measureText(l).width)));
    if (widest > x.width / x.ticks.length - 2) cut.push('x:crowded');
  }
  return cut;
}

/** Whether the chart's box is a phone's (pageTheme's narrow), kept as the box is resized across that width. */
function useNarrow(box) {
  const [narrow, setNarrow] = useState(null);
  useEffect(() => {
    if (!box.current) return undefined;
    // A box of no width is hidden (a tab not chosen): its chart stays as it was drawn.
    const observer = new ResizeObserver(() => {
      const width = box.current?.clientWidth ?? 0;
      if (width > 0) setNarrow(width < NARROW_BELOW);
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [box]);
  return narrow;
}

function ChartCanvas({spec, box, still}) {
  const canvas = useRef(null);
  const {colorMode} = useColorMode();
  const Chart = useChartNear(box, spec.type);
  // A window turned or resized across a phone's width: the names under the bars are laid out anew.
  const narrow = useNarrow(box);
  // pageTheme() reads the colours of the mode and the box's width: redraw when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: colorMode and narrow are read through the page
  useEffect(() => {
    if (!Chart || !canvas.current) return undefined;
    const theme = pageTheme(canvas.current);
    const chart = new Chart(canvas.current, chartConfig(spec, theme));
    // Which layout it was drawn for: a phone's, or a wider box's.
    canvas.current.dataset.narrow = String(theme.narrow);
    // What the axes show, as text: pixels cannot be read back by tests or tools.
    canvas.current.dataset.axisLabels = JSON.stringify(
      // A label in lines is an array: its lines, joined.
      Object.values(chart.scales).flatMap((scale) => scale.ticks.map((tick) => [tick.label ?? ''].flat().join(' '))),
    );
    canvas.current.dataset.axesCut = JSON.stringify(axesCut(chart));
    return () => chart.destroy();
  }, [Chart, spec, colorMode, narrow]);
  if (!Chart) return still;
  return <canvas ref={canvas} role="img" aria-label={spec.title} />;
}

/** A line's marker in the legend, the shape its points are drawn with. */
function MarkerSwatch({color, marker}) {
  const shapes = {
    circle: <circle cx="6" cy="6" r="4.5" />,
    rect: <rect x="1.5" y="1.5" width="9" height="9" />,
    triangle: <polygon points="6,1 11,11 1,11" />,
    rectRot: <polygon points="6,0.5 11.5,6 6,11.5 0.5,6" />,
    crossRot: <path d="M2 2 L10 10 M10 2 L2 10" strokeWidth="2.2" />,
  };
  return (
    <svg className={styles.marker} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <g fill={color} stroke={color}>
        {shapes[marker]}
      </g>
    </svg>
  );
}

/** A chart of more series than can be told apart (chart-spec.mjs, MAX_SERIES): its table, and why. */
function TooManySeries({spec, t}) {
  return (
    <figure className={styles.figure} data-chart={spec.id} data-chart-too-many={spec.series.length}>
      <figcaption className={styles.title}>
        <Explained>{spec.title}</Explained>
      </figcaption>
      <p className={styles.note}>{t('common.chartTooMany', {count: spec.tooMany})}</p>
      <details className={styles.data} data-pagefind-ignore="all">
        <summary>{t('common.chartData')}</summary>
        <ChartTable spec={spec} />
      </details>
    </figure>
  );
}

/**
 * @param {{spec: object, first?: boolean}} props  first: the chart on the page's first screen, whose image is
 *   asked for at once (lazy, it was the page's largest paint, a second later on a phone)
 */
export default function Chart({spec, first = false}) {
  const t = useT();
  const box = useRef(null);
  // Each locale's build holds its own images: /ja/charts/… for Japanese.
  const image = useBaseUrl(spec.image);
  const narrowImage = useBaseUrl(narrowImageOf(spec.image));
  const darkImage = useBaseUrl(darkImageOf(spec.image));
  const darkNarrowImage = useBaseUrl(darkImageOf(narrowImageOf(spec.image)));
  if (spec.tooMany) return <TooManySeries spec={spec} t={t} />;
  // The image draws its own title, legend and credit, and phones get a narrow one; the reader's theme shows its
  // own (custom.css: the other is never shown, so never loaded).
  const still = (
    <>
      <picture className="theme-light-only">
        <source media="(max-width: 600px)" srcSet={narrowImage} {...NARROW_SIZE} />
        <img
          src={image}
          alt={spec.title}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          className={styles.image}
          data-chart-image
          {...WIDE_SIZE}
        />
      </picture>
      <picture className="theme-dark-only">
        <source media="(max-width: 600px)" srcSet={darkNarrowImage} {...NARROW_SIZE} />
        <img
          src={darkImage}
          alt={spec.title}
          loading="lazy"
          className={styles.image}
          data-chart-image="dark"
          {...WIDE_SIZE}
        />
      </picture>
    </>
  );
  return (
    <figure className={styles.figure} data-chart={spec.id}>
      <figcaption className={styles.title}>
        <Explained>{spec.title}</Explained>
      </figcaption>
      {spec.series.length > 1 && (
        // Out of the search index: a legend repeats names, and a page of many charts ranked first by them.
        <ul className={styles.legend} data-pagefind-ignore>
          {spec.series.map((s, i) => (
            <li key={s.label}>
              {spec.markers ? (
                <MarkerSwatch {...seriesStyle(s.style ?? i)} />
              ) : (
                <span
                  className={styles.swatch}
                  style={{background: seriesStyle(s.style ?? i).color}}
                  aria-hidden="true"
                />
              )}
              <Explained>{s.legend ?? s.label}</Explained>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.canvas} ref={box}>
        {/* The server renders what the browser first renders (the image, until Chart.js is near): hydration
            keeps it. Behind BrowserOnly, every chart's image was taken down and put up again once the page had
            hydrated, in one task: 1 s of a throttled phone's main thread on History. */}
        <ChartCanvas spec={spec} box={box} still={still} />
      </div>
      {spec.note && (
        <p className={styles.note}>
          <Explained>{spec.note}</Explained>
        </p>
      )}
      <details className={styles.data} data-pagefind-ignore="all">
        <summary>{t('common.chartData')}</summary>
        <ChartTable spec={spec} />
      </details>
    </figure>
  );
}
