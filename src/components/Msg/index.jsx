import {useMemo} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {createTranslator} from '@site/src/i18n/messages.mjs';

/** The translator of the locale being built (from i18n/<locale>/benchmarks.json). */
export function useT() {
  const {locale, messages} = usePluginData('benchmark-data');
  return useMemo(() => createTranslator(locale, messages), [locale, messages]);
}

/** A message of the page's catalog; `values` fill its {{placeholders}}. */
export default function Msg({id, values}) {
  return useT()(id, values);
}
