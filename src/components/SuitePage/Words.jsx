// One of a suite's own words: in English, marked as English (lang="en", which screen readers voice as such, and
// a visible mark), where this language has no translation of it yet.
import {useT} from '@site/src/components/Msg';
import styles from './styles.module.css';

/** @param {{text: {text: string, lang?: string}|null}} props */
export function Words({text}) {
  const t = useT();
  if (!text) return null;
  if (text.lang !== 'en') return text.text;
  // The mark and its explanation are in the reader's language: outside the English text.
  return (
    <>
      <span lang="en" data-in-english>
        {text.text}
      </span>
      <abbr className={styles.english} title={t('suite.englishMark')}>
        EN
      </abbr>
    </>
  );
}
