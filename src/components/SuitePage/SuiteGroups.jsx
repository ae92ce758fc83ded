// A suite page's groups (src/components/ResultGroups), each introduced by what the suite says its workload and
// scenario are.
import {useT} from '@site/src/components/Msg';
import ResultGroups from '@site/src/components/ResultGroups';
import {Words} from './Words';

export default function SuiteGroups({data, onDemand}) {
  const t = useT();
  return (
    <ResultGroups
      data={data}
      title="suite.details"
      page={onDemand}
      firstColumn="common.server"
      intro={(g) => <GroupAbout group={g} />}
      parameters={({parameters: p}) =>
        t(p.scale === null ? 'suite.parameters' : 'suite.parametersScale', {
          scale: p.scale,
          clients: p.clients,
          threads: p.threads,
          duration: p.durationS ?? '—',
          repeats: p.repeats,
        })
      }
      instructions={Boolean(data.instructionsRun)}
      versusNote="suite.versusNote"
    />
  );
}

/** What the suite says its workload and scenario are. */
function GroupAbout({group: g}) {
  const t = useT();
  const {workload, scenario} = g.about;
  if (!workload && !scenario) return null;
  return (
    <dl>
      {workload && (
        <>
          <dt>{t('suite.about.workload', {id: g.workload})}</dt>
          <dd>
            <Words text={workload} />
          </dd>
        </>
      )}
      {scenario && (
        <>
          <dt>{t('suite.about.scenario', {id: g.scenario})}</dt>
          <dd>
            <Words text={scenario} />
          </dd>
        </>
      )}
    </dl>
  );
}
