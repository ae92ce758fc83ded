// The servers of a run, one under test at a time. The first time a target
// comes, its server is started (embedded) or reached (external) and described
// in the result; when the run moves to another target, the embedded server it
// leaves is stopped with its data kept, and started again when its turn comes.
// A target whose server cannot be started or reached is remembered as failed:
// its cells fail with that error, the other targets run on.
import {storageOf} from '../../lib/results/provenance.mjs';
import {embeddedConnection, externalConnection} from './connection.mjs';
import {startServer} from './embedded-server.mjs';
import {Interrupted} from './processes.mjs';
import {describeServer} from './psql.mjs';

/**
 * @param {object} options
 * @param {object} options.result  the result being written: environment.targets gets each target
 * @param {(argv: string[]) => void} options.record
 * @param {object} options.progress
 * @param {string[]} [options.order]  the suite's target ids: environment.targets keeps this order
 * @param {{valgrind: string}|null} [options.instrument]  embedded servers can run under Cachegrind
 * @returns {{use: (target, mode?: string) => Promise<{connection?: object, error?: object}>,
 *   mode: (target, mode: string) => Promise<void>, close: () => void}}
 */
export function openTargets({result, record, progress, order = [], instrument = null}) {
  const states = new Map();
  let active = null;

  const failure = (error) => {
    if (error instanceof Interrupted) throw error;
    return {error: {kind: 'connection', message: error.message}};
  };

  async function open(target) {
    let server = null;
    try {
      let connection;
      if (target.kind === 'embedded') {
        progress.note(`${target.id}: starting PostgreSQL ${target.major}`);
        server = await startServer({
          major: target.major,
          settings: target.settings,
          onCommand: (argv) => record(argv),
          instrument,
        });
        connection = embeddedConnection(server);
      } else {
        connection = externalConnection(target.urlVariable);
      }
      const description = await describeServer(connection, record);
      const entry = {
        id: target.id,
        kind: target.kind,
        sameHost: Boolean(server || connection.sameHost),
        ...description,
        ...(target.control && {controlOf: target.control}),
        ...(server && {storage: storageOf(server.baseDir)}),
      };
      const targets = result.environment.targets.filter((t) => t.id !== target.id);
      const rank = (t) => (order.includes(t.id) ? order.indexOf(t.id) : order.length);
      result.environment.targets = [...targets, entry].sort((a, b) => rank(a) - rank(b));
      return {server, connection};
    } catch (error) {
      server?.stop();
      return failure(error);
    }
  }

  /** (Re)starts the state's server in `mode`; a failure fails the target's remaining cells. */
  async function switchMode(state, mode) {
    if (!state.server) return;
    try {
      if (mode === 'instrumented' && state.server.currentMode() !== mode) {
        progress.note(`${state.id}: starting under Cachegrind`);
      }
      await state.server.mode(mode);
    } catch (error) {
      Object.assign(state, {server: null}, failure(error));
    }
  }

  return {
    /** Makes `target` the one server up, in `mode` ('plain' or 'instrumented'). */
    async use(target, mode = 'plain') {
      const leaving = active && active !== target.id ? states.get(active) : null;
      active = target.id;
      if (leaving?.server) {
        try {
          await leaving.server.pause();
        } catch (error) {
          Object.assign(leaving, {server: null}, failure(error));
        }
      }
      let state = states.get(target.id);
      if (!state) {
        state = {id: target.id, ...(await open(target))};
        states.set(target.id, state);
      }
      await switchMode(state, mode);
      return state;
    },
    /** The active target's server in `mode`, restarted when it runs in the other. */
    async mode(target, mode) {
      const state = states.get(target.id);
      if (state) await switchMode(state, mode);
    },
    /** Stops every server and removes its files. */
    close() {
      for (const state of states.values()) state.server?.stop();
    },
  };
}
