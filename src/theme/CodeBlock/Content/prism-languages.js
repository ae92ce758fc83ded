// The languages prism-react-renderer's Prism colours (its bundled grammars and
// their aliases, without the plain-text ones). Written out so that a page learns
// whether a block needs Prism without loading Prism; prism-languages.test.mjs
// keeps the list equal to the installed package's.
export const PRISM_LANGUAGES = new Set(
  (
    'markup html mathml svg xml ssml atom rss regex clike javascript js actionscript coffeescript coffee ' +
    'javadoclike css yaml yml markdown md graphql sql typescript ts jsdoc flow n4js n4jsd jsx tsx swift kotlin ' +
    'kt kts c objectivec objc reason rust go cpp python py json webmanifest'
  ).split(' '),
);
