// The servers of a run, one under test at a time. The first time a target
// comes, its server is started (embedded) or reached (external) and described
// in the result; when the run moves to another target, the embedded server it
// leaves is stopped with its data kept, and started again when its turn comes.
// A target whose server cannot be started or reached, or whose embedded server
// dies or cannot be stopped or restarted during the run, is remembered as
// failed and recorded so in environment.targets (with what is known of it and
// why): its remaining cells fail with that error, the other
// targets run on, and the result stays valid (every cell names a listed target).
import {storageOf} from '../../lib/results/provenance.mjs';
import {externalConnection} from './connection.mjs';
import {startServer} from './embedded-server.mjs';
import {installedBinaries, originOf} from './postgres-binaries.mjs';
import {Interrupted} from './processes.mjs';
import {describeServer} from './psql.mjs';
import {shellConnection, suiteConnection} from './suite-role.mjs';
import {movedError, movedSettings, readSettings, watchCommand, watchedNames} from './settings-watch.mjs';

/**
 * @param {object} options
 * @param {object} options.result  the result being written: environment.targets gets each target
 * @param {(argv: string[]) => void} options.record
 * @param {object} options.progress
 * @param {string[]} [options.order]  the suite's target ids: environment.targets keeps this order
 * @param {{valgrind: string}|null} [options.instrument]  embedded servers can run under Valgrind
 * @param {(entry: object) => string|null} [options.unlike]  why a described server may not be compared, or null
 * @param {boolean} [options.shell]  the suite declared shell: true: its SQL runs as the superuser (suite-role.mjs)
 * @param {{server: string, client: string}|null} [options.cpus]  bench run --pin: the servers' CPUs (cpu-pinning.mjs)
 * @returns {{use: (target, mode?: string) => Promise<{connection?: object, error?: object}>,
 *   mode: (target, mode: string) => Promise<void>, lost: (target) => object|null, close: () => void}}
 */
export function openTargets(options) {
  // instrument, unlike, shell and cpus: how each server is opened (openTarget).
  const {result, record, progress, order = []} = options;
  const states = new Map();
  let active = null;
  const list = (entry) => listTarget(result, order, entry);
  const failure = (target, error, during = null) => targetFailure(result, list, target, error, during);

  return {
    /** Makes `target` the one server up, in `mode` ('plain' or 'instrumented'). */
    async use(target, mode = 'plain') {
      const leaving = active && active !== target.id ? states.get(active) : null;
      active = target.id;
      if (leaving?.server) await pause(leaving, failure);
      let state = states.get(target.id);
      if (!state) {
        state = {
          id: target.id,
          target,
          ...(await openTarget(target, {...options, unlike: options.unlike ?? (() => null), list, failure})),
        };
        states.set(target.id, state);
      }
      await switchMode(state, mode, progress, failure);
      return state;
    },
    /** The active target's server in `mode`, restarted when it runs in the other. */
    async mode(target, mode) {
      const state = states.get(target.id);
      if (state) await switchMode(state, mode, progress, failure);
    },
    /**
     * Before an instructions cell: the server as it is after a start, restarted when a cell has already been
     * measured on this start. A server that ran the cell before would hold what that cell left in shared
     * buffers (pages of the free space and visibility maps that a restarted one reads again), and counts of
     * a cell would then depend on whether the shuffled order put it after its own target's cell.
     */
    async fresh(target) {
      const state = states.get(target.id);
      // A server that died is not restarted: its cell fails, and lost() then fails the target with why.
      if (!state?.server?.alive()) return;
      if (state.measuredOn === state.server.starts()) {
        const mode = state.server.currentMode();
        progress.note(`${state.id}: restarting: each instructions cell runs on a freshly started server`);
        try {
          await state.server.pause();
          await state.server.resume(mode);
        } catch (error) {
          Object.assign(state, {server: null}, failure(state.target, error, 'the server could not be restarted'));
          return;
        }
      }
      state.measuredOn = state.server.starts();
    },
    /**
     * After a cell that was not ok: when the target's embedded server has died
     * (killed, crashed), the target fails with that reason, its files are
     * removed, and the error is returned (null when the server runs).
     */
    lost(target) {
      const state = states.get(target.id);
      if (!state?.server || state.server.alive()) return null;
      state.server.stop();
      const gone = new Error(`PostgreSQL ${target.major}'s postmaster is gone (killed or crashed)`);
      Object.assign(state, {server: null}, failure(target, gone, 'the server stopped during the run'));
      return state.error;
    },
    /**
     * The settings the run compares, read back (settings-watch.mjs): when one moved since the server was
     * described, the target fails with why, and the error is returned (null when none moved).
     */
    recheck: (target, after) => recheckSettings(states.get(target.id), {target, after, record, failure}),
    /** Stops every server and removes its files. */
    close() {
      for (const state of states.values()) state.server?.stop();
    },
  };
}

/** openTargets' recheck: the settings read back; when one moved, the target fails and its error is returned. */
async function recheckSettings(state, {target, after, record, failure}) {
  if (!state?.watch || state.error) return null;
  record(watchCommand(state.connection, state.watch.names));
  let now;
  try {
    now = await readSettings(state.connection, state.watch.names);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    return null; // Not read (a cell's own failure says why): nothing is claimed to have moved.
  }
  const moved = movedSettings(state.watch.before, now);
  if (moved.length === 0) return null;
  state.server?.stop();
  Object.assign(state, {server: null}, failure(target, movedError(moved, after)));
  return state.error;
}

/** Puts a target's entry into environment.targets, in the suite's order. */
function listTarget(result, order, entry) {
  const rank = (t) => (order.includes(t.id) ? order.indexOf(t.id) : order.length);
  const others = result.environment.targets.filter((t) => t.id !== entry.id);
  result.environment.targets = [...others, entry].sort((a, b) => rank(a) - rank(b));
}

/** The target's entry, as described when it answered, or what the suite says of it. */
const knownEntry = (result, target) =>
  result.environment.targets.find((t) => t.id === target.id) ?? {
    id: target.id,
    kind: target.kind,
    ...(target.kind === 'embedded' && {sameHost: true}),
    serverVersion: null,
    serverVersionFull: null,
    ...(Object.keys(target.settings ?? {}).length > 0 && {
      settings: Object.fromEntries(Object.entries(target.settings).map(([k, v]) => [k, String(v)])),
    }),
    ...(target.differs?.length > 0 && {differs: target.differs}),
    ...(target.control && {controlOf: target.control}),
  };

/** A target the run cannot use: recorded with why; its remaining cells fail with the same error. */
function targetFailure(result, list, target, error, during = null) {
  if (error instanceof Interrupted) throw error;
  const failed = {kind: error.kind ?? 'connection', message: during ? `${during}: ${error.message}` : error.message};
  list({...knownEntry(result, target), error: failed});
  return {error: failed};
}

/** A target's first turn: its server started or reached, described, and listed unless it is not like the others. */
async function openTarget(target, {record, progress, instrument, unlike, list, failure, shell, cpus}) {
  let server = null;
  try {
    let connection;
    let origin = null;
    if (target.kind === 'embedded') {
      const installed = target.bin || target.pgConfig ? installedBinaries(target) : null;
      origin = originOf(target, installed);
      progress.note(`${target.id}: starting PostgreSQL ${target.major}${installed ? ` from ${origin.bin}` : ''}`);
      server = await startServer({
        installed,
        major: target.major,
        settings: target.settings,
        checksums: target.checksums ?? null,
        onCommand: (argv) => record(argv),
        instrument,
        cpus: cpus?.server ?? null,
      });
      // The suite's SQL runs as a role that may not leave the database, unless the suite says it must.
      connection = await (shell ? shellConnection : suiteConnection)(server, {record});
    } else {
      connection = externalConnection(target.urlVariable);
    }
    const admin = connection.admin ?? connection;
    const entry = describedEntry(target, server, connection, await describeServer(admin, record), origin);
    const difference = unlike(entry);
    if (difference) {
      server?.stop();
      return failure(target, new Error(difference));
    }
    list(entry);
    // What the run compares, as the server began: read back after setup SQL and after each measured run.
    const names = watchedNames(target);
    record(watchCommand(connection, names));
    return {server, connection, watch: {names, before: await readSettings(connection, names)}};
  } catch (error) {
    server?.stop();
    return failure(target, error);
  }
}

/** A target's entry in environment.targets, from what its server reported. */
const describedEntry = (target, server, connection, description, origin) => ({
  id: target.id,
  kind: target.kind,
  sameHost: Boolean(server || connection.sameHost),
  ...description,
  ...(origin && {origin}),
  ...(target.differs?.length > 0 && {differs: target.differs}),
  ...(target.control && {controlOf: target.control}),
  ...(server && {storage: storageOf(server.baseDir)}),
});

/** Stops the server the run leaves, keeping its data; a failure fails the target's remaining cells. */
async function pause(state, failure) {
  try {
    await state.server.pause();
  } catch (error) {
    const why = 'the server could not be stopped (did it die?)';
    Object.assign(state, {server: null}, failure(state.target, error, why));
  }
}

/** (Re)starts the state's server in `mode`; a failure fails the target's remaining cells. */
async function switchMode(state, mode, progress, failure) {
  if (!state.server) return;
  try {
    if (mode === 'instrumented' && state.server.currentMode() !== mode) {
      progress.note(`${state.id}: starting under Valgrind`);
    }
    await state.server.mode(mode);
  } catch (error) {
    Object.assign(state, {server: null}, failure(state.target, error, 'the server could not be restarted'));
  }
}
