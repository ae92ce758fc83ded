import React from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';

/**
 * Sets the document <title> from a translation id. Doc front matter cannot be
 * translated through catalogs, so a page whose title must follow the locale
 * declares it here; rendered inside the page, it overrides the front matter.
 */
export default function PageTitle({id, message}) {
  return <PageMetadata title={translate({id, message})} />;
}
