// Serves a Docusaurus production build over HTTP on loopback, the way a static
// host would: compressed (gzip or Brotli, as the browser accepts), and an
// unknown page under a locale's folder (/ja/…) answered with that locale's
// 404 page. Used by `npm start` and by the browser tests.
import http from 'node:http';
import {createReadStream, existsSync} from 'node:fs';
import {lstat} from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

/** The 404 page for a request: the one of the deepest folder of its path that has one. */
export function notFoundPage(dir, url) {
  const parts = decodeURIComponent(new URL(url, 'http://x').pathname).split('/').filter(Boolean);
  for (let n = parts.length; n > 0; n--) {
    const candidate = path.join(dir, ...parts.slice(0, n), '404.html');
    if (path.resolve(candidate).startsWith(path.resolve(dir) + path.sep) && existsSync(candidate)) return candidate;
  }
  return path.join(dir, '404.html');
}

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
  const compress = compression();
  const rootNotFound = path.resolve(dir, '404.html');
  const server = http.createServer((req, res) => {
    // serve-handler always answers a miss with the root's 404.html: swap in the locale's.
    const swap = (p) => (path.resolve(p) === rootNotFound ? notFoundPage(dir, req.url) : p);
    const methods = {
      lstat: (p) => lstat(swap(p)),
      createReadStream: (p, options) => createReadStream(swap(p), options),
    };
    compress(req, res, () =>
      handler(req, res, {public: dir, cleanUrls: true, trailingSlash: true, directoryListing: false}, methods),
    );
  });
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
