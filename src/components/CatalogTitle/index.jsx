import {PageMetadata} from '@docusaurus/theme-common';
import {useT} from '@site/src/components/Msg';

/**
 * Sets the document <title> and description from the page catalog: doc front
 * matter cannot be translated, so a page names its catalog keys here instead.
 */
export default function CatalogTitle({title, description}) {
  const t = useT();
  return <PageMetadata title={t(title)} description={description ? t(description) : undefined} />;
}
