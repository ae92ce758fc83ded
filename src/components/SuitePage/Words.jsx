// One of a suite's own words: in English, marked as English (lang="en", which screen readers voice as such, and
// a visible mark), where this language has no translation of it yet.
import {useT} from '@site/src/components/Msg';
import styles from './styles.module.css';

/** @param {{text: {text: string, lang?: string}|null}} props */
export function Words({text}) {
  const t = useT();
  if (!text) return null;
  if (text.lang !== 'en') return text.text;
  return (
    <span lang="en" data-in-english>
      {text.text}
      <abbr className={styles.english} title={t('suite.englishMark')}>
        EN
      </abbr>
    </span>
  );
}
