// The theme's CodeBlock (3.10) without its remount: it keyed each block by useIsBrowser, so that once the page
// had hydrated every block was taken down and made again, in the one task that re-renders what changes with the
// browser (the planner page's eight blocks, a long task of a phone's first seconds). Its reason, styles the
// server drew in the default theme, no longer holds: the colour mode reads as the default while the page
// hydrates and changes after, and that change re-renders a block's colours as any update does.
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {Children, isValidElement} from 'react';

/** The children as one string when they are strings (so they can be copied), else as they are (the theme's). */
function maybeStringifyChildren(children) {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}) {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  return <CodeBlockComp {...props}>{children}</CodeBlockComp>;
}
