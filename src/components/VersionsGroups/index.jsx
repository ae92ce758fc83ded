// The versions page's groups (src/components/ResultGroups), with what is only this page's: each workload's
// introduction, and the published study's figures and agreement under our table.
import {useT} from '@site/src/components/Msg';
import DataTable, {Num} from '@site/src/components/DataTable';
import ResultGroups, {FigureRow} from '@site/src/components/ResultGroups';
import {VERSIONS_INTRO, messageKey} from '@site/lib/i18n/message-keys.mjs';
import {Agreement} from '@site/src/components/RunFigures';

export default function VersionsGroups({data}) {
  const t = useT();
  return (
    <ResultGroups
      data={data}
      title="versions.details.title"
      page="pg-versions"
      firstColumn="common.table.version"
      intro={(g) => <p>{t(messageKey(VERSIONS_INTRO, `${g.scenario}/${g.workload}`, 'VERSIONS_INTRO'))}</p>}
      parameters={({parameters: p}) =>
        t('versions.parameters', {
          builtin: p.builtin,
          scale: p.scale,
          clients: p.clients,
          threads: p.threads,
          duration: p.durationS,
          repeats: p.repeats,
        })
      }
      below={(g, _columns, columnsFor) => (
        <>
          {data.study && g.agreement && <Agreement agreement={g.agreement} source={data.study.title} />}
          {g.published && <PublishedFigures group={g} study={data.study} columns={columnsFor(g.published.rows[0])} />}
        </>
      )}
    />
  );
}

/** The study's own figures for the group, folded under where they come from: its own columns and baseline. */
function PublishedFigures({group: g, study, columns}) {
  const t = useT();
  return (
    <details data-published-figures={g.id}>
      <summary>
        {t('versions.published.intro', {
          source: study.title,
          date: study.date,
          duration: g.published.durationS,
          runs: study.runs,
        })}
      </summary>
      <DataTable
        data-published={g.id}
        columns={columns}
        caption={t('versions.published.caption', {source: study.title})}
      >
        {g.published.rows.map((r) => (
          <FigureRow key={r.target} row={r}>
            <Num data-figure="percent">{r.comparison ? r.comparison.changeText : t('common.baseline')}</Num>
          </FigureRow>
        ))}
      </DataTable>
    </details>
  );
}
