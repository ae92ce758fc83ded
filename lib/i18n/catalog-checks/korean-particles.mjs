// Korean chooses a particle by the sound before it (은/는, 이/가, 을/를, 과/와,
// 으로/로): after a figure or a name the page fills in, no form is right for
// every value ("±3%을" beside "±12%를"). Messages put a word after the
// placeholder and the particle after that word: "{{margin}} 범위를".
const PARTICLE =
  /\{\{\s*([\w.]+)\s*\}\}(\(?(?:은|는|이|가|을|를|과의|와의|과|와|으로는|로는|으로|로|이라|라|이란|란)\)?)(?![가-힣])/gu;

export default {
  name: 'korean-particles',
  description: 'In Korean, no particle that changes with the sound before it directly after a {{placeholder}}.',
  appliesTo: 'every',
  check: ({catalog, locale}) =>
    locale !== 'ko'
      ? []
      : [...catalog.messages].flatMap(([key, text]) =>
          [...text.matchAll(PARTICLE)].map((m) => ({
            key,
            id: 'checks.koreanParticle',
            values: {
              placeholder: `{{${m[1]}}}`,
              particle: m[2],
              example: `{{${m[1]}}} 값${m[2].includes('를') || m[2].includes('을') ? '을' : '은'}`,
            },
          })),
        ),
};
