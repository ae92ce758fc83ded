// The words of an answer's matrix, by the page that shows it (its data's `words`): versions, or the servers of
// any suite.
export const ANSWER_WORDS = {
  versions: {
    label: 'versions.answer.label',
    target: 'versions.answer.version',
    baseline: 'versions.answer.baseline',
    caption: 'versions.answer.caption',
    rows: 'versions.answer.workload',
    against: 'versions.answer.against',
    time: 'versions.answer.timeColumn',
    instructions: 'versions.answer.instructionsColumn',
  },
  suite: {
    label: 'suite.answer.label',
    target: 'suite.answer.target',
    baseline: 'suite.answer.baseline',
    caption: 'suite.answer.caption',
    // Without an instructions run, its margin is not named.
    captionTime: 'suite.answer.captionTime',
    rows: 'suite.answer.rows',
    against: 'suite.answer.against',
    time: 'suite.answer.timeColumn',
    instructions: 'suite.answer.instructionsColumn',
  },
};

/** The words of an answer `m`. */
export const answerWords = (m) => ANSWER_WORDS[m.words ?? 'versions'];
