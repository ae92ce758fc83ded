// The render-prop API of prism-react-renderer's Highlight, for code that Prism
// has no grammar for: every line one plain token. The markup and styles are
// exactly what Highlight gives such code (see its normalizeTokens, getLineProps
// and getTokenProps), so a block looks the same before Prism loads and after.
import clsx from 'clsx';

/** Lines of one plain token each; an empty line is a "\n" token marked empty, as Highlight marks it. */
function plainLines(code) {
  return code
    .split(/\r\n|\r|\n/)
    .map((content) => [content === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content}]);
}

export default function PlainHighlight({children, code, language, theme}) {
  const plain = {...theme.plain, backgroundColor: undefined};
  return children({
    tokens: plainLines(code),
    className: `prism-code language-${language.toLowerCase()}`,
    style: theme.plain,
    getLineProps: ({className, style, line, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: typeof style === 'object' ? {...plain, ...style} : plain,
    }),
    getTokenProps: ({token, className, style, ...rest}) => {
      const own = token.empty === undefined ? undefined : {display: 'inline-block'};
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style == null ? own : {...own, ...style},
      };
    },
  });
}
