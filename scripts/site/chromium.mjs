// Launches the real Chromium through Playwright. Playwright cannot download
// its own browsers here, so the system's Chromium is preferred.
import {existsSync} from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless run in a container as root on a closed network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Which browser binary to launch: `CHROMIUM_PATH` when set, else Debian's
 * `/usr/bin/chromium` when present, else `undefined` (Playwright's own browser,
 * where one is installed).
 * @param {NodeJS.ProcessEnv} [env]
 * @param {(path: string) => boolean} [exists]
 */
export function chromiumExecutablePath(env = process.env, exists = existsSync) {
  if (env.CHROMIUM_PATH) {
    if (!exists(env.CHROMIUM_PATH)) {
      throw new Error(
        `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist. Point it at a Chromium binary, ` +
          `or unset it to use ${SYSTEM_CHROMIUM} (install: bash scripts/setup-system.sh).`,
      );
    }
    return env.CHROMIUM_PATH;
  }
  return exists(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/** @returns {Promise<import('playwright-core').Browser>} */
export async function launchChromium() {
  const {chromium} = await import('playwright-core');
  const executablePath = chromiumExecutablePath();
  try {
    return await chromium.launch({executablePath, args: CHROMIUM_ARGS});
  } catch (error) {
    throw new Error(
      `Could not start Chromium (${executablePath ?? "Playwright's own browser"}). ` +
        'Install it with: bash scripts/setup-system.sh (as root), or set CHROMIUM_PATH.',
      {cause: error},
    );
  }
}
