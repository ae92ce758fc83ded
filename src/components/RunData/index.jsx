// Links to the JSON and CSV files of a run or a dataset, on its own so that a
// page showing only these links does not load the run pages' components.
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useT} from '@site/src/components/Msg';

/** Links to a run's data files (emitted into static/data/ by the build). */
export default function RunData({run}) {
  const t = useT();
  // Under the site's base URL (a project's GitHub Pages site lives under /<repository>/).
  const json = useBaseUrl(run.data.json);
  const csv = useBaseUrl(run.data.csv);
  return (
    <>
      <a href={json} data-run-file="json">
        {t('common.json')}
      </a>
      {' · '}
      <a href={csv} data-run-file="csv">
        {t('common.csv')}
      </a>
    </>
  );
}
