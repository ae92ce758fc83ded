// Serves a Docusaurus production build over HTTP on loopback, the way a static
// host would: compressed (gzip or Brotli, as the browser accepts; a range
// request is answered uncompressed, so its Content-Range counts the bytes
// sent), an unknown page under a locale's folder (/ja/…) answered with that
// locale's 404 page, GET and HEAD only, ETags with 304, hashed assets cached
// for a year and everything else revalidated, and `nosniff`. A path no file
// can have (a NUL, undecodable escapes, a name too long for the file system)
// is answered 400, 404 or 414 before it reaches the file system: no stack
// trace, no path of this machine; finding a 404 page costs the same for any
// path. Every file is followed to its real place, which must be inside the
// build: a link never serves a file from outside it. Used by `npm start`,
// `npm run serve` and `preview`, the screenshots and the browser tests.
import http from 'node:http';
import {createReadStream, existsSync, realpathSync} from 'node:fs';
import {lstat, realpath} from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

// The last match wins: everything is revalidated (its ETag makes that a 304), Docusaurus's hashed assets,
// whose names change with their content, are kept for a year.
const CACHING = [
  {source: '**', headers: [{key: 'Cache-Control', value: 'no-cache'}]},
  {source: '{assets,*/assets}/**', headers: [{key: 'Cache-Control', value: 'public, max-age=31536000, immutable'}]},
];

// The longest path the file system takes (PATH_MAX, with its NUL), and what
// clean URLs may add to a request's path before they look for it.
const PATH_MAX = 4095;
const CLEAN_URL_SUFFIX = '/index.html'.length;
// No page of a build lies deeper than this: a deeper path is answered 404 at once.
const MAX_DEPTH = 32;

/**
 * 400 for a path that does not decode or holds a NUL; 414 for one whose file
 * name would be too long for the file system under `dir`; 404 for a name too
 * long for any file, or deeper than any page; else null. Decided from the
 * text alone, before the disk is touched.
 */
export function impossiblePath(url, dir = '') {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return 400;
  }
  if (pathname.includes('\0')) return 400;
  if (Buffer.byteLength(path.resolve(dir || '/')) + Buffer.byteLength(pathname) + CLEAN_URL_SUFFIX > PATH_MAX) {
    return 414;
  }
  const parts = pathname.split('/');
  // 255 bytes a name, less the ".html" that clean URLs try after it.
  if (parts.length > MAX_DEPTH + 1 || parts.some((part) => Buffer.byteLength(part) > 250)) return 404;
  return null;
}

/**
 * The 404 page for a request: its locale's (build/ja/404.html for /ja/…), or
 * the root's. Only a locale's folder has one, so only the first segment is
 * looked at: the work is the same for any path.
 */
function notFoundPage(dir, url) {
  const [first] = decodeURIComponent(new URL(url, 'http://x').pathname).split('/').filter(Boolean);
  if (first && first !== '..' && !first.includes(path.sep)) {
    const candidate = path.join(dir, first, '404.html');
    if (existsSync(candidate) && realpathSync(candidate) === candidate) return candidate;
  }
  return path.join(dir, '404.html');
}

/**
 * The real path of `p` when it lies inside `realDir` (the build's real path);
 * otherwise an ENOENT error, as for a file that is not there: a link in the
 * build never serves a file from outside it.
 */
function insideOrMissing(p, realDir, real) {
  if (real === realDir || real.startsWith(realDir + path.sep)) return real;
  throw Object.assign(new Error(`ENOENT: ${p} is outside the build`), {code: 'ENOENT'});
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
  const realDir = realpathSync(dir);
  // A range is of the file's bytes: compressing it would send other bytes than its Content-Range names.
  const compress = compression({filter: (req, res) => !req.headers.range && compression.filter(req, res)});
  const rootNotFound = path.join(realDir, '404.html');
  if (realpathSync(rootNotFound) !== rootNotFound) {
    throw new Error(`${dir}/404.html is a link: a build's pages are files of its own (build the site again).`);
  }
  const server = http.createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8'});
      res.end('Method not allowed: this site is read with GET and HEAD.\n');
      return;
    }
    const problem = impossiblePath(req.url, realDir);
    if (problem) {
      res.writeHead(problem, {'Content-Type': 'text/html; charset=utf-8'});
      if (problem === 404 && req.method === 'GET') createReadStream(rootNotFound).pipe(res);
      else res.end({400: 'Bad request\n', 414: 'URI too long\n'}[problem] ?? '');
      return;
    }
    // serve-handler always answers a miss with the root's 404.html: swap in the locale's. Every path is
    // followed to its real place first, which must be inside the build (a link to /etc serves nothing).
    const swap = (p) => (path.resolve(p) === rootNotFound ? notFoundPage(realDir, req.url) : p);
    const methods = {
      lstat: async (p) => lstat(insideOrMissing(p, realDir, await realpath(swap(p)))),
      createReadStream: (p, options) => createReadStream(insideOrMissing(p, realDir, realpathSync(swap(p))), options),
    };
    compress(req, res, () =>
      handler(
        req,
        res,
        {public: realDir, cleanUrls: true, trailingSlash: true, directoryListing: false, etag: true, headers: CACHING},
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
