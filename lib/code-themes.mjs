// The code blocks' colours: Prism's GitHub theme (light) and Dracula (dark),
// with each token colour whose contrast on its block's background falls below
// WCAG AA's 4.5:1 darkened (light) or lightened (dark) just enough to pass.
// Found by axe-core once the pages' SQL blocks were coloured (Prism loads when
// a reader scrolls near one): GitHub's functions and strings, 4.3:1.
const LIGHT = {
  '#999988': '#717164', // comments: 2.7:1 before
  '#e3116c': '#d61066', // strings: 4.3:1
  '#36acaa': '#277b7a', // numbers, booleans, constants: 2.6:1
  '#00a4db': '#0079a1', // keywords (but SQL's, which the theme draws #00009f), attribute names: 2.7:1
  '#d73a49': '#ca3745', // functions: 4.3:1
};
const DARK = {
  'rgb(98, 114, 164)': '#8894ba', // comments: 3.0:1 before
};

const recolour = (theme, colours) => ({
  ...theme,
  styles: theme.styles.map((s) => ({
    ...s,
    style: {...s.style, ...(colours[s.style.color] && {color: colours[s.style.color]})},
  })),
});

/** Docusaurus's `prism` theme options, from prism-react-renderer's `themes`. */
export const codeThemes = (themes) => ({
  theme: recolour(themes.github, LIGHT),
  darkTheme: recolour(themes.dracula, DARK),
});
