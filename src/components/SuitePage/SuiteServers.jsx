// A suite page's servers: what each is (the suite's words), its version and build; the settings every server
// ran with, and those that differed, each server's value beside it and whether the suite declared it.
import Heading from '@theme/Heading';
import {useGaps, useT} from '@site/src/components/Msg';
import DataTable from '@site/src/components/DataTable';
import {Words} from './Words';

export default function SuiteServers({data}) {
  const t = useT();
  const {shared, differing} = data.settings;
  return (
    <>
      <Heading as="h2" id="servers">
        {t('suite.servers.title')}
      </Heading>
      <DataTable
        data-servers
        columns={[t('common.server'), t('suite.servers.about'), t('suite.servers.version'), t('suite.servers.build')]}
      >
        {data.servers.map((s) => (
          <tr key={s.id} data-target={s.id}>
            <th scope="row">
              {s.name}
              <br />
              <code>{s.id}</code>
            </th>
            <td>
              <Words text={s.about} />
            </td>
            {/* As the server reports it (version()): English, whatever the page's language. */}
            <td lang="en">{s.version}</td>
            <td>
              {s.build ? <code>{s.build.join(' ')}</code> : '—'}
              {s.origin && (
                <>
                  <br />
                  {/* As the build recorded it where the server was built (scripts/build-postgres.sh), in English. */}
                  <small lang="en">{s.origin}</small>
                </>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {differing.length > 0 && <DifferingSettings settings={data.settings} />}
      <details data-settings="shared">
        <summary>{t('suite.settings.shared', {count: String(shared.length)})}</summary>
        <DataTable columns={[t('suite.settings.name'), t('suite.settings.value')]}>
          {shared.map((s) => (
            <tr key={s.name}>
              <th scope="row">
                <code>{s.name}</code>
              </th>
              <td>
                <code>{s.value}</code>
              </td>
            </tr>
          ))}
        </DataTable>
      </details>
    </>
  );
}

/** The settings the servers differ in: each value once, with the servers (by id) that ran with it. */
function DifferingSettings({settings}) {
  const t = useT();
  const gaps = useGaps();
  return (
    <DataTable
      data-settings="differing"
      caption={t('suite.settings.differing', {keys: settings.keys.join(gaps.list)})}
      columns={[t('suite.settings.name'), t('suite.settings.value'), t('suite.settings.declared')]}
    >
      {settings.differing.map((d) => (
        <tr key={d.name} data-setting={d.name}>
          <th scope="row">
            <code>{d.name}</code>
          </th>
          <td>
            <ul className="plain-list">
              {d.values.map((v) => (
                <li key={v.value}>
                  <code>{v.value}</code>:{' '}
                  {v.servers.map((id, i) => (
                    <span key={id}>
                      {i > 0 && ', '}
                      <code>{id}</code>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </td>
          <td>{t(d.declared ? 'suite.settings.yes' : 'suite.settings.no')}</td>
        </tr>
      ))}
    </DataTable>
  );
}
