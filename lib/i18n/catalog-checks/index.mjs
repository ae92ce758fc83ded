// Every check the translation guard runs, in the order problems are listed.
// A check is {name, description, appliesTo, check}: `appliesTo` is 'every'
// catalog or only the 'translations' (compared with English); `check(context)`
// returns [{key, message, line?}] (line defaults to the key's line).
import attachedSigns from './attached-signs.mjs';
import duplicateKey from './duplicate-key.mjs';
import emptyMessage from './empty-message.mjs';
import extraKey from './extra-key.mjs';
import i18nextRendersSame from './i18next-renders-same.mjs';
import missingKey from './missing-key.mjs';
import placeholderNames from './placeholder-names.mjs';
import strayDigits from './stray-digits.mjs';

export const CATALOG_CHECKS = [
  duplicateKey,
  emptyMessage,
  strayDigits,
  attachedSigns,
  i18nextRendersSame,
  missingKey,
  placeholderNames,
  extraKey,
];
