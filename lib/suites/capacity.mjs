// What a server and pgbench can take, checked when a suite loads rather than
// found when a cell fails: a script's weight within pgbench's range, and no
// more clients than an embedded server lets the suite's role connect.

// pgbench reads a script's weight as an int (pgbench.c: 0 .. INT_MAX).
const MAX_WEIGHT = 2147483647;
// PostgreSQL's default max_connections (an embedded server's, unless the suite sets its own).
const DEFAULT_MAX_CONNECTIONS = 100;

/**
 * What pgbench would refuse or fail on only once a cell runs: a weight beyond its range, and more clients than
 * an embedded server lets the suite's role connect: max_connections less the slots reserved for superusers and
 * for roles granted them (superuser_reserved_connections, 3; reserved_connections from 16, 0). A server whose
 * max_connections leaves none does not start.
 */
export function checkCapacity(suite, {targets, scenarios}, report) {
  suite.workloads.forEach((w, i) => {
    if (w.weight > MAX_WEIGHT) {
      report(['workloads', i, 'weight'], `pgbench takes weights from 1 to ${MAX_WEIGHT}, not ${w.weight}`);
    }
  });
  targets.forEach((t, i) => {
    if (t.kind !== 'embedded') return;
    const max = Number(t.settings.max_connections ?? DEFAULT_MAX_CONNECTIONS);
    const reserved =
      Number(t.settings.superuser_reserved_connections ?? 3) + Number(t.settings.reserved_connections ?? 0);
    const limit = max - reserved;
    if (limit < 1) {
      report(
        ['targets', i],
        `${t.id}: max_connections = ${max} leaves no connection beside the ${reserved} reserved ` +
          '(superuser_reserved_connections, reserved_connections): PostgreSQL would not start. Raise it',
      );
      return;
    }
    for (const s of scenarios) {
      if (t.scenarios && !t.scenarios.includes(s.id)) continue;
      const most = Math.max(...s.clients, s.instructionClients ?? 0);
      if (most > limit) {
        report(
          ['targets', i],
          `scenario ${s.id} runs ${most} clients, and ${t.id} lets pgbench open ${limit} (max_connections = ` +
            `${max}, less ${reserved} reserved): it could not connect them all. Raise max_connections in ` +
            'settings, or run fewer clients',
        );
      }
    }
  });
}
