// The theme's code block buttons (3.10), rendered in the HTML instead of behind
// BrowserOnly: there, every block's buttons were made once the page had
// hydrated, in the one task that re-renders what changes with the browser, a
// long task of a phone's first seconds on pages of many blocks (the planner's).
// Made on the server, hydration adopts them. Until then they do nothing, so
// they are hidden until React has hydrated the page (Docusaurus then sets
// data-has-hydrated on <html>).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/styles.module.css';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import clsx from 'clsx';

export default function CodeBlockButtons({className}) {
  return (
    <div className={clsx(className, styles.buttonGroup, 'code-block-buttons')}>
      <WordWrapButton />
      <CopyButton />
    </div>
  );
}
