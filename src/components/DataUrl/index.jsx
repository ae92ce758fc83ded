// Where the result files are: data/ at the site's root, once for every
// language (scripts/build.mjs publishes no copy per locale), under the default
// locale's base URL; a single-language build has its own at its root, which
// is the same address. A path that is not under /data/ is returned unchanged.
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/** A function from a page's data path (/data/…) to its address. */
export function useDataUrl() {
  const {i18n} = useDocusaurusContext();
  const root = i18n.localeConfigs[i18n.defaultLocale]?.baseUrl ?? '/';
  return (p) => (typeof p === 'string' && p.startsWith('/data/') ? `${root}${p.slice(1)}` : p);
}
