// A boxed note beside a page's figures: where they come from and how to read them.
import styles from './styles.module.css';

export default function NoteBox({children}) {
  return (
    <div className={styles.note} role="note">
      {children}
    </div>
  );
}
