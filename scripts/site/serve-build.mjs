// Serves a Docusaurus production build over HTTP on loopback, the way a static
// host would. Used by `npm start` and by the browser tests.
import http from 'node:http';
import {existsSync} from 'node:fs';
import path from 'node:path';
import handler from 'serve-handler';

/**
 * @param {object} options
 * @param {string} options.dir  the build folder (must contain index.html)
 * @param {number} [options.port=0]  0 picks a free port
 * @param {string} [options.host='127.0.0.1']
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function serveBuild({dir, port = 0, host = '127.0.0.1'}) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html not found: build the site first (npm run build).`);
  }
  const server = http.createServer((req, res) =>
    handler(req, res, {public: dir, cleanUrls: true, trailingSlash: true, directoryListing: false}),
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}/`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
