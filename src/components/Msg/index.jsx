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

/**
 * What goes between two sentences of running text: a space in English and
 * Korean, nothing in Japanese and Chinese (their full stop ends the sentence).
 */
export function useSentenceGap() {
  const {locale} = usePluginData('benchmark-data');
  return /^(ja|zh)\b/.test(locale) ? '' : ' ';
}
