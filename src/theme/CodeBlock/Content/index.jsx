// The theme's CodeBlock/Content, with Prism out of every page's first
// JavaScript (prism-react-renderer is ~26 KiB gzip). Code Prism has no grammar
// for (bash, our commands) never needs it: PlainHighlight draws it exactly as
// Highlight would. Code it colours (sql) is drawn plain in the HTML and until
// such a block comes within a screen of the viewport; then Prism loads and
// colours it (the text and its size stay as they were). Colouring it on the
// server instead would need a Suspense boundary, which React's streaming
// renderer moves out of place in the HTML for blocks this large.
// Markup below is the theme's (3.10), unchanged.
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import Line from '@theme/CodeBlock/Line';
import clsx from 'clsx';
import React, {useEffect, useState} from 'react';
import PlainHighlight from './plain-highlight.js';
import {PRISM_LANGUAGES} from './prism-languages.js';

const COLOURED = [...PRISM_LANGUAGES].map((l) => `pre.language-${l}`).join(',');

// What a reader does that says they read on (as for charts: src/components/Chart).
const READING = ['scroll', 'pointermove', 'keydown', 'touchstart'];

/**
 * Resolves once a block Prism colours is within a screen of the viewport, from the reader's first scroll, point
 * or key on: loading and running Prism as the page opened was a long task of a phone's first seconds (the
 * planner page's SQL). `watch` looks for new blocks.
 */
const nearby = (() => {
  let resolve;
  const promise = new Promise((r) => {
    resolve = r;
  });
  const seen = new WeakSet();
  let observer = null;
  let reading = false;
  const observeAll = () => {
    observer ??= new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      {rootMargin: '100% 0px'},
    );
    for (const block of document.querySelectorAll(COLOURED)) {
      if (!seen.has(block)) observer.observe(block);
      seen.add(block);
    }
  };
  const startReading = () => {
    for (const event of READING) removeEventListener(event, startReading);
    reading = true;
    observeAll();
  };
  return {
    promise,
    watch() {
      if (typeof IntersectionObserver === 'undefined') return resolve();
      if (reading) return observeAll();
      for (const event of READING) addEventListener(event, startReading, {passive: true});
    },
  };
})();

let prism = null;
const loadPrism = () =>
  import('prism-react-renderer').then((module) => {
    prism = module;
    return module;
  });

/**
 * Prism's Highlight once a block it colours is near (at once when already loaded), else null. While the page
 * hydrates Prism is never loaded yet (only an effect loads it), so the first render matches the server's
 * without asking useIsBrowser, whose change after hydration re-rendered every code block of the page in one task.
 */
function usePrismNear(language) {
  const [Prism, setPrism] = useState(() => prism?.Highlight ?? null);
  const colours = PRISM_LANGUAGES.has(language.toLowerCase());
  useEffect(() => {
    if (!colours || Prism) return undefined;
    let cancelled = false;
    nearby.watch();
    nearby.promise.then(loadPrism).then((module) => cancelled || setPrism(() => module.Highlight));
    return () => {
      cancelled = true;
    };
  }, [colours, Prism]);
  return Prism;
}

function Highlight(props) {
  const Prism = usePrismNear(props.language);
  return Prism ? <Prism {...props} /> : <PlainHighlight {...props} />;
}

// TODO Docusaurus v4: remove useless forwardRef (as the theme's)
const Pre = React.forwardRef((props, ref) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: the theme's: a code block scrolls by keyboard
  <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
));

function Code(props) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({className: classNameProp}) {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({className, style, tokens: lines, getLineProps, getTokenProps}) => (
        <Pre ref={wordWrap.codeBlockRef} className={clsx(classNameProp, className)} style={style}>
          <Code>
            {lines.map((line, i) => (
              <Line
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                key={i}
                line={line}
                getLineProps={getLineProps}
                getTokenProps={getTokenProps}
                classNames={lineClassNames[i]}
                showLineNumbers={lineNumbersStart !== undefined}
              />
            ))}
          </Code>
        </Pre>
      )}
    </Highlight>
  );
}
