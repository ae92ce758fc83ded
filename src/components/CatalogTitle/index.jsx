import {PageMetadata} from '@docusaurus/theme-common';
import {useT} from '@site/src/components/Msg';

/**
 * Sets the document <title> and description from the page catalog: doc front
 * matter cannot be translated, so a page names its catalog keys here instead
 * (with `values` for their placeholders, e.g. versions taken from the data).
 */
export default function CatalogTitle({title, description, values}) {
  const t = useT();
  return <PageMetadata title={t(title, values)} description={description ? t(description, values) : undefined} />;
}
