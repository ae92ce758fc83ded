// Where the screenshots of a locale's pages are, under its base URL:
// `npm run screenshots` (scripts/publish/page-screenshots.mjs) takes them; the
// Translating page links them.

export const screenshotPath = (docId) => `/screenshots/${docId}.jpg`;

/**
 * Which pages' screenshots a locale's build holds ({"pages": [docId…]}): the build ships it empty
 * (static/screenshots/), `npm run screenshots` writes it with the files, and the Translating page links
 * only the screenshots it lists, so that no link leads to a missing file.
 */
export const SCREENSHOT_MANIFEST = '/screenshots/manifest.json';
