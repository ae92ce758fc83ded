// The settings of a run's servers as its page shows them: those every server shared, and those that differed,
// declared by the suite or not, each value once with the servers that ran with it.
import {byTargetOrder} from '../model/targets.mjs';
import {KEY_SETTINGS} from '../suites/like-for-like.mjs';

// Settings each server has of its own, never compared: where it listens, its folders.
const OWN_SETTINGS = new Set(['port', 'listen_addresses', 'unix_socket_directories', 'data_directory']);

/** Each distinct value once, the servers that ran with it beside it (a row stays narrow for any count of servers). */
const byValue = (values) =>
  [...new Set(values.map((v) => v.value))].map((value) => ({
    value,
    servers: values.filter((v) => v.value === value).map((v) => v.name),
  }));

/** The settings every server ran with, and those that differed (declared or not), with each server's value. */
export function settingsOf(result) {
  const servers = result.environment.targets.filter((x) => x.settings && x.serverVersion).sort(byTargetOrder(result));
  // The settings each server reported, and the key settings the runner read of each (data_checksums among them).
  const reported = (x) => [...Object.keys(x.settings), ...Object.keys(x.keySettings ?? {})];
  const names = [...new Set(servers.flatMap(reported))].filter((n) => !OWN_SETTINGS.has(n)).sort();
  const valuesOf = (n) => servers.map((x) => x.settings[n] ?? x.keySettings?.[n] ?? null);
  const alike = (n) => new Set(valuesOf(n)).size === 1;
  return {
    // Listed as the page's language lists (SuiteServers.jsx).
    keys: KEY_SETTINGS,
    shared: names.filter(alike).map((n) => ({name: n, value: valuesOf(n)[0]})),
    differing: names
      .filter((n) => !alike(n))
      .map((n) => ({
        name: n,
        declared: servers.some((x) => (x.differs ?? []).includes(n)),
        // Each server by its id, which the servers' table names (an A/A twin has its twin's name).
        values: byValue(servers.map((x, i) => ({name: x.id, value: valuesOf(n)[i] ?? '—'}))),
      })),
  };
}
