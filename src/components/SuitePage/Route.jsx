// A page of results as a route of the data plugin (src/plugins/benchmark-data): the suite page in the docs'
// layout, with the guide's sidebar and breadcrumbs, from the public pieces the docs' own pages are made of.
import {useCallback} from 'react';
import {HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import {DocsSidebarProvider} from '@docusaurus/plugin-content-docs/client';
import DocBreadcrumbs from '@theme/DocBreadcrumbs';
import DocRootLayout from '@theme/DocRoot/Layout';
import Layout from '@theme/Layout';
import SuitePage from './index';

/** @param {{data: object, sidebar: object[]}} props  the page's data and the sidebar's items (the route's modules) */
export default function SuiteRoute({data, sidebar}) {
  // What the page loads on demand: its own file, a chunk of its own, fetched when the reader opens such a part.
  const onDemand = useCallback(
    () => import(`@generated/benchmark-data/default/${data.page}.on-demand.json`),
    [data.page],
  );
  return (
    <HtmlClassNameProvider className={`${ThemeClassNames.wrapper.docsPages} ${ThemeClassNames.page.docsDocPage}`}>
      <Layout>
        <DocsSidebarProvider name="guide" items={sidebar}>
          <DocRootLayout>
            <div className="row">
              <div className="col">
                <article>
                  <DocBreadcrumbs />
                  <div className={`${ThemeClassNames.docs.docMarkdown} markdown`}>
                    <SuitePage data={data} onDemand={onDemand} />
                  </div>
                </article>
              </div>
            </div>
          </DocRootLayout>
        </DocsSidebarProvider>
      </Layout>
    </HtmlClassNameProvider>
  );
}
