// Links to the JSON and CSV files of a run or a dataset, on its own so that a
// page showing only these links does not load the run pages' components.
import {useDataUrl} from '@site/src/components/DataUrl';
import {useT} from '@site/src/components/Msg';

/** Links to a run's data files (emitted into static/data/ by the build). */
export default function RunData({run}) {
  const t = useT();
  // Under the site's root base URL (a project's GitHub Pages site lives under /<repository>/), once for
  // every language.
  const dataUrl = useDataUrl();
  const json = dataUrl(run.data.json);
  const csv = dataUrl(run.data.csv);
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
