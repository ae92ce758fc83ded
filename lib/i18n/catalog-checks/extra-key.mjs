// A key English does not have is never shown: usually a typo or a renamed key,
// so the English key it is nearest to (and that the translation lacks) is named.
import {nearest} from '../check-messages.mjs';

export default {
  name: 'extra-key',
  description: 'A translation has no key that English lacks.',
  appliesTo: 'translations',
  check: ({catalog, english}) => {
    const lacking = [...english.messages.keys()].filter((key) => !catalog.messages.has(key));
    return [...catalog.messages.keys()]
      .filter((key) => !english.messages.has(key))
      .map((key) => {
        const near = nearest(key, lacking);
        return near ? {key, id: 'checks.extraKeyNear', values: {near}} : {key, id: 'checks.extraKey'};
      });
  },
};
