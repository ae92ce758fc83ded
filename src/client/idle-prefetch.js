// Docusaurus prefetches the route of every internal link that comes into view (@docusaurus/Link calls
// window.docusaurus.prefetch from an IntersectionObserver). The guide's navigation names its ten pages, and a
// route's prefetch adds a <link rel=prefetch> for each chunk of the route and of every layout above it: 235
// elements as a phone's first screen opened, all in the one task that delivers the observers' callbacks, a long
// task of the page's first seconds (60–90 ms on the planner page, unthrottled, on a 2-core machine). Here a
// route's prefetch waits for a moment the page is idle, one route per task. Hovering or touching a link still
// loads its route at once (window.docusaurus.preload).

const idle = (run) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, {timeout: 5000}) : setTimeout(run, 50);

/** The Docusaurus prefetch, one route per idle task, in the order asked. */
function idlePrefetch(prefetch) {
  const queue = [];
  const next = () => {
    // A route that fails to prefetch loses only its own (as with Docusaurus's): the queue goes on.
    try {
      prefetch(queue.shift());
    } finally {
      if (queue.length > 0) idle(next);
    }
  };
  const later = (path) => {
    queue.push(path);
    if (queue.length === 1) idle(next);
    return true;
  };
  later.idle = true;
  return later;
}

/**
 * Installed as the first page renders: its layout effects run before any link's observer reports. Docusaurus
 * freezes its object, so the page's is replaced by a copy; a failure leaves Docusaurus's own (a lifecycle that
 * throws takes the page down).
 */
export function onRouteDidUpdate() {
  const api = window.docusaurus;
  if (!api || api.prefetch.idle) return;
  try {
    window.docusaurus = Object.freeze({...api, prefetch: idlePrefetch(api.prefetch)});
  } catch (error) {
    console.warn('Links prefetch as Docusaurus does:', error);
  }
}
