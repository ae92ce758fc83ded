// The site's code blocks (commands, SQL, plans), in place of the theme's: the theme's imports Prism on every page
// that shows one (prism-react-renderer, ~26 KiB gzip of the first load). Here a block is its text, drawn in the
// HTML; a language Prism colours (SQL) is coloured once the block comes within a screen of the viewport, when
// Prism loads (its text and size stay as they were). A copy button, made on the server and working once the page
// has hydrated (custom.css hides it until then), in the theme's own words.
import {translate} from '@docusaurus/Translate';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useEffect, useRef, useState} from 'react';
import styles from './styles.module.css';

// The languages a block is coloured in; any other is drawn as text.
const COLOURED = new Set(['sql']);

let prism = null;

/** Prism's Highlight once this block, of a language it colours, is near the viewport; null before. */
function usePrismNear(language, ref) {
  const [Highlight, setHighlight] = useState(null);
  useEffect(() => {
    if (!COLOURED.has(language) || !ref.current || typeof IntersectionObserver === 'undefined') return undefined;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        prism ??= import('prism-react-renderer');
        prism.then((module) => cancelled || setHighlight(() => module.Highlight));
      },
      {rootMargin: '100% 0px'},
    );
    observer.observe(ref.current);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [language, ref]);
  return Highlight;
}

function CopyButton({code}) {
  const [copied, setCopied] = useState(false);
  const label = translate({id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard'});
  const copy = () =>
    navigator.clipboard.writeText(code).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1000);
    });
  return (
    <div className={`${styles.buttons} code-block-buttons`}>
      <button type="button" className={styles.button} aria-label={label} title={label} onClick={copy}>
        {copied
          ? translate({id: 'theme.CodeBlock.copied', message: 'Copied'})
          : translate({id: 'theme.CodeBlock.copy', message: 'Copy'})}
      </button>
    </div>
  );
}

/** A line of a block: Prism's tokens once coloured, else its text. */
const Lines = ({Highlight, theme, code, language}) =>
  Highlight ? (
    <Highlight theme={theme} code={code} language={language}>
      {({tokens, getLineProps, getTokenProps}) =>
        tokens.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
          <span key={i} {...getLineProps({line})}>
            {line.map((token, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tokens neither
              <span key={k} {...getTokenProps({token})} />
            ))}
            {'\n'}
          </span>
        ))
      }
    </Highlight>
  ) : (
    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
    code.split('\n').map((line, i) => <span key={i} className="token-line">{`${line}\n`}</span>)
  );

/** @param {{children: string, language?: string, title?: string, className?: string}} props */
export default function CodeBlock({children, language, title, className}) {
  const code = (Array.isArray(children) ? children.join('') : String(children)).replace(/\n$/, '');
  const lang = (language ?? /language-(\w+)/.exec(className ?? '')?.[1] ?? 'text').toLowerCase();
  const theme = usePrismTheme();
  const ref = useRef(null);
  const Highlight = usePrismNear(lang, ref);
  return (
    <div className={`${styles.block} theme-code-block language-${lang} ${className ?? ''}`} style={theme.plain}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.content}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways by keyboard */}
        <pre ref={ref} tabIndex={0} className={`prism-code language-${lang} ${styles.pre}`}>
          <code className={styles.lines}>
            <Lines Highlight={Highlight} theme={theme} code={code} language={lang} />
          </code>
        </pre>
        <CopyButton code={code} />
      </div>
    </div>
  );
}
