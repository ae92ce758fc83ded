// Page data kept out of a page's first load (lib/pages/on-demand.mjs): a
// file of its own per page, fetched the first time the reader opens a part
// that shows it. Each page written with such parts is listed, so the bundler
// makes each file a chunk of its own; a page of results gives its own loader
// (src/components/SuitePage/Route.jsx).
import {useCallback, useRef, useState} from 'react';
import {useT} from '@site/src/components/Msg';

const LOADERS = {
  translating: () => import('@generated/benchmark-data/default/translating.on-demand.json'),
};

/**
 * The page's on-demand data (null until loaded) and `load`, which fetches it; `page` is a page listed above,
 * or a loader of its own
 * once (give it to a <details>' onToggle); `failed` when it could not be.
 */
export function useOnDemand(page) {
  const [state, setState] = useState({data: null, failed: false});
  const asked = useRef(false);
  const load = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    (typeof page === 'function' ? page : LOADERS[page])().then(
      (module) => setState({data: module.default, failed: false}),
      () => {
        asked.current = false;
        setState({data: null, failed: true});
      },
    );
  }, [page]);
  return {...state, load};
}

/** What a folded part shows before its data is there: that it is loading, or that it could not be loaded. */
export function NotLoaded({failed}) {
  const t = useT();
  return (
    <p data-on-demand={failed ? 'failed' : 'loading'}>
      {t(failed ? 'common.onDemand.failed' : 'common.onDemand.loading')}
    </p>
  );
}
