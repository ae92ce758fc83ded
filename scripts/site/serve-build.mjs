// Serves a Docusaurus production build over HTTP on loopback, the way a static
// host would: compressed (gzip or Brotli, as the browser accepts; a range
// request is answered uncompressed, so its Content-Range counts the bytes
// sent), an unknown page under a locale's folder (/ja/…) answered with that
// locale's 404 page, GET and HEAD only, ETags with 304, hashed assets cached
// for a year and everything else revalidated, and `nosniff`. A path no file
// can have (a NUL, undecodable escapes, a name too long for the file system)
// is answered 400 or 404 before it reaches the file system: no stack trace,
// no path of this machine. Used by `npm start` and by the browser tests.
import http from 'node:http';
import {createReadStream, existsSync} from 'node:fs';
import {lstat} from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

// The last match wins: everything is revalidated (its ETag makes that a 304), Docusaurus's hashed assets,
// whose names change with their content, are kept for a year.
const CACHING = [
  {source: '**', headers: [{key: 'Cache-Control', value: 'no-cache'}]},
  {source: '{assets,*/assets}/**', headers: [{key: 'Cache-Control', value: 'public, max-age=31536000, immutable'}]},
];

/** 400 for a path that does not decode or holds a NUL, 404 for one too long for any file; else null. */
export function impossiblePath(url) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return 400;
  }
  if (pathname.includes('\0')) return 400;
  // 255 bytes a name, less the ".html" that clean URLs try after it.
  const tooLong = pathname.length > 4096 || pathname.split('/').some((part) => Buffer.byteLength(part) > 250);
  return tooLong ? 404 : null;
}

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
  // A range is of the file's bytes: compressing it would send other bytes than its Content-Range names.
  const compress = compression({filter: (req, res) => !req.headers.range && compression.filter(req, res)});
  const rootNotFound = path.resolve(dir, '404.html');
  const server = http.createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8'});
      res.end('Method not allowed: this site is read with GET and HEAD.\n');
      return;
    }
    const problem = impossiblePath(req.url);
    if (problem) {
      res.writeHead(problem, {'Content-Type': 'text/html; charset=utf-8'});
      if (problem === 404 && req.method === 'GET') createReadStream(rootNotFound).pipe(res);
      else res.end(problem === 400 ? 'Bad request\n' : '');
      return;
    }
    // serve-handler always answers a miss with the root's 404.html: swap in the locale's.
    const swap = (p) => (path.resolve(p) === rootNotFound ? notFoundPage(dir, req.url) : p);
    const methods = {
      lstat: (p) => lstat(swap(p)),
      createReadStream: (p, options) => createReadStream(swap(p), options),
    };
    compress(req, res, () =>
      handler(
        req,
        res,
        {public: dir, cleanUrls: true, trailingSlash: true, directoryListing: false, etag: true, headers: CACHING},
        methods,
      ),
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
