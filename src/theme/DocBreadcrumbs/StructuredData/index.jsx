// The breadcrumbs' JSON-LD, as theme-classic writes it, but with JSON that no title can end: a published suite's
// title (a suite is untrusted input) reaches the breadcrumbs, and the theme's JSON.stringify leaves "</script>"
// in it as it is (lib/script-json.mjs says why that runs). Swizzled (ejected): the same hook, the same Head.
import Head from '@docusaurus/Head';
import {useBreadcrumbsStructuredData} from '@docusaurus/plugin-content-docs/client';
import {scriptSafeJson} from '@site/lib/script-json.mjs';

export default function DocBreadcrumbsStructuredData({breadcrumbs}) {
  const structuredData = useBreadcrumbsStructuredData({breadcrumbs});
  return (
    <Head>
      <script type="application/ld+json">{scriptSafeJson(structuredData)}</script>
    </Head>
  );
}
