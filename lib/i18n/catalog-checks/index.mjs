// Every check the translation guard runs, in the order problems are listed.
// A check is {name, description, appliesTo, check}: `appliesTo` is 'every'
// catalog or only the 'translations' (compared with English); `check(context)`
// returns [{key, id, values?, line?}]: the message `id` (under `checks.` in the
// catalogs, so it is said in the translator's language) and its values; line
// defaults to the key's line.
import asciiPunctuation from './ascii-punctuation.mjs';
import attachedSigns from './attached-signs.mjs';
import duplicateKey from './duplicate-key.mjs';
import emptyMessage from './empty-message.mjs';
import extraKey from './extra-key.mjs';
import figureMultipliers from './figure-multipliers.mjs';
import figureSigns from './figure-signs.mjs';
import figureSpacing from './figure-spacing.mjs';
import fullWidthSpace from './full-width-space.mjs';
import i18nextRendersSame from './i18next-renders-same.mjs';
import koreanParticles from './korean-particles.mjs';
import koreanSentenceSpace from './korean-sentence-space.mjs';
import markup from './markup.mjs';
import missingKey from './missing-key.mjs';
import numberWords from './number-words.mjs';
import placeholderNames from './placeholder-names.mjs';
import strayDigits from './stray-digits.mjs';
import suiteTitleLabel from './suite-title-label.mjs';

export const CATALOG_CHECKS = [
  duplicateKey,
  emptyMessage,
  strayDigits,
  markup,
  attachedSigns,
  figureMultipliers,
  figureSigns,
  numberWords,
  koreanParticles,
  fullWidthSpace,
  asciiPunctuation,
  koreanSentenceSpace,
  figureSpacing,
  i18nextRendersSame,
  missingKey,
  placeholderNames,
  extraKey,
  suiteTitleLabel,
];
