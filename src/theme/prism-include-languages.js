// Replaces the theme's loader of Prism's `additionalLanguages`, which asks for
// `prismjs/components/prism-${lang}` by a computed name: the bundler then puts
// Prism's whole component list (~9 KiB gzip) in every page's first JavaScript,
// though we add no language. Code blocks use the languages prism-react-renderer
// bundles (sql is one; bash stays plain text).
export default function prismIncludeLanguages() {}
