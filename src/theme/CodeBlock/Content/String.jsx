// The theme's CodeBlock/Content/String (3.10) with a word-wrap state of its own. The theme's useCodeWordWrap
// watched for a hidden tab panel with a MutationObserver whose options it memoized by sorting their names with
// localeCompare: the first localeCompare of a page builds the browser's collator, 40 ms unthrottled inside one
// block's render as the page hydrated (a long task on a phone). Here a ResizeObserver tells when a block is
// laid out anew (the window resized, a hidden panel shown): then it is measured for the wrap button.
import {useThemeConfig} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, createCodeBlockMetadata} from '@docusaurus/theme-common/internal';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import {useCallback, useEffect, useRef, useState} from 'react';

function useCodeBlockMetadata(props) {
  const {prism} = useThemeConfig();
  return createCodeBlockMetadata({
    code: props.children,
    className: props.className,
    metastring: props.metastring,
    magicComments: prism.magicComments,
    defaultLanguage: prism.defaultLanguage,
    language: props.language,
    title: props.title,
    showLineNumbers: props.showLineNumbers,
  });
}

/** Whether the block's lines wrap (the reader's toggle), and whether it scrolls sideways (then the toggle shows). */
function useCodeWordWrap() {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef(null);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current.querySelector('code');
    if (isEnabled) code.removeAttribute('style');
    else {
      code.style.whiteSpace = 'pre-wrap';
      // No scrollbar at all once wrapped: very long tokens wrap too.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);
  const measure = useCallback(() => {
    const pre = codeBlockRef.current;
    if (!pre) return;
    setIsCodeScrollable(pre.scrollWidth > pre.clientWidth || pre.querySelector('code').hasAttribute('style'));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again once the reader toggles
  useEffect(measure, [isEnabled, measure]);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || !codeBlockRef.current) return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(codeBlockRef.current);
    return () => observer.disconnect();
  }, [measure]);
  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}

export default function CodeBlockString(props) {
  const metadata = useCodeBlockMetadata(props);
  const wordWrap = useCodeWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  );
}
