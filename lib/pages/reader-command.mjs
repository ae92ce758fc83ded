// A command as a reader can reuse it: what only the measuring machine had
// (its temporary folders, the port its embedded server happened to get) is a
// placeholder. The result file keeps the command exactly as it ran.

const TEMPORARY = /(^|[\s='"])\/tmp\/\S*?([^\s/'"]+)(?=$|[\s'"])/g;

/**
 * "--log-prefix /tmp/bench-run-1/log-x/pgbench_log -h 127.0.0.1 -p 33037" →
 * "--log-prefix <temporary-folder>/pgbench_log -h 127.0.0.1 -p <port>".
 */
export function readerCommand(command) {
  if (command === null || command === undefined) return command;
  return (
    command
      .replace(TEMPORARY, (_match, before, name) => `${before}<temporary-folder>/${name}`)
      // An embedded server listens on a port picked for the run, on this machine only.
      .replace(/(-h 127\.0\.0\.1 -p )\d+/g, '$1<port>')
      .replace(/(postgres(?:ql)?:\/\/[^\s@/]+@127\.0\.0\.1:)\d+/g, '$1<port>')
  );
}
