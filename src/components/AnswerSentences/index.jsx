// A page's answer in sentences generated from its verdicts (lib/pages/*-answer.mjs), above its chart.
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

/** @param {{sentences: {target: string, sentence: string}[]}} props */
export default function AnswerSentences({sentences}) {
  return (
    <div className={styles.answer} data-answer-sentences>
      {sentences.map((s) => (
        <p key={s.target} data-answer-sentence={s.target}>
          <Explained>{s.sentence}</Explained>
        </p>
      ))}
    </div>
  );
}
