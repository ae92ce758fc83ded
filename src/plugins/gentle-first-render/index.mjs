// Small edits to Docusaurus's own client modules, so that what a page does right after it hydrates on a phone
// comes in slices the browser can answer a tap between, not as one long task.
//
// Once a page has hydrated, Docusaurus re-renders what depends on "is this the browser?", on "is this a phone?"
// and on the docs' preferred version (useIsBrowser, useWindowSize, docsPreferredVersion). Each is set in an
// effect as an urgent update, and React renders urgent updates in one go: on the planner page, 75 ms of a fast
// CPU, 300 ms of a phone's. Set in a transition, the same render yields every few milliseconds. And the navbar's
// secondary menu sorted its props' names with localeCompare: a page's first localeCompare builds ICU's collator
// (~20 ms), for names that are plain ASCII.
//
// Each edit is applied to the installed file at build time and must match it exactly once: an upgrade of
// Docusaurus that changes one fails the build, naming the file, instead of silently dropping the edit.
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {writeFileAtomically} from '../../../lib/write-file-atomically.mjs';

const require = createRequire(import.meta.url);

/** The edits, by the installed module they apply to: each `from` must occur exactly once. */
export const EDITS = [
  {
    module: '@docusaurus/core/lib/client/browserContext.js',
    edits: [
      {
        from: "import React, { useEffect, useState } from 'react';",
        to: "import React, { startTransition, useEffect, useState } from 'react';",
      },
      {from: 'setIsBrowser(true);', to: 'startTransition(() => setIsBrowser(true));'},
    ],
  },
  {
    module: '@docusaurus/theme-common/lib/hooks/useWindowSize.js',
    edits: [
      {
        from: "import { useEffect, useState } from 'react';",
        to: "import { startTransition, useEffect, useState } from 'react';",
      },
      // The first size, after hydration; a resize later stays urgent.
      {from: '        updateWindowSize();\n', to: '        startTransition(updateWindowSize);\n'},
    ],
  },
  {
    // The docs' preferred versions, read from storage once the page has hydrated (this site has one version).
    module: '@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js',
    edits: [
      {
        from: "import React, { useContext, useEffect, useMemo, useState, useCallback, } from 'react';",
        to: "import React, { startTransition, useContext, useEffect, useMemo, useState, useCallback, } from 'react';",
      },
      {
        from: 'setState(readStorageState({ allDocsData, versionPersistence, pluginIds }));',
        to: 'startTransition(() => setState(readStorageState({ allDocsData, versionPersistence, pluginIds })));',
      },
    ],
  },
  {
    module: '@docusaurus/theme-common/lib/utils/reactUtils.js',
    edits: [{from: 'a[0].localeCompare(b[0])', to: '(a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)'}],
  },
];

/** The installed file of `module` (package/sub/path.js), which a package's "exports" may not name. */
export function installedFile(module) {
  const [scope, name, ...rest] = module.split('/');
  const pkg = `${scope}/${name}`;
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    dir = path.dirname(require.resolve(pkg));
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  }
  return path.join(dir, ...rest);
}

/** `source` with each edit applied; throws, naming `file`, when an edit's text is not there exactly once. */
export function applyEdits(source, edits, file) {
  let text = source;
  for (const {from, to} of edits) {
    const count = text.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `${file}: expected ${JSON.stringify(from)} once, found it ${count} time(s). Docusaurus changed this ` +
          'module: update or remove the edit in src/plugins/gentle-first-render/index.mjs.',
      );
    text = text.replace(from, () => to);
  }
  return text;
}

export default function gentleFirstRender(context) {
  const dir = path.join(context.generatedFilesDir, 'gentle-first-render');
  return {
    name: 'gentle-first-render',
    configureWebpack(config, _isServer, {currentBundler}) {
      mkdirSync(dir, {recursive: true});
      const plugins = EDITS.map(({module, edits}) => {
        const original = installedFile(module);
        if (!existsSync(original))
          throw new Error(
            `${original}: not installed. Docusaurus moved or removed this module: update or remove its edits in ` +
              'src/plugins/gentle-first-render/index.mjs.',
          );
        // The edited copy keeps the original's imports working: relative ones are made absolute.
        const edited = applyEdits(readFileSync(original, 'utf8'), edits, original).replace(
          /from '(\.{1,2}\/[^']+)'/g,
          (_, relative) => `from '${path.resolve(path.dirname(original), relative)}'`,
        );
        // Written when it changes only: each locale's client and server bundles ask for it, maybe at once.
        const copy = path.join(dir, module.replaceAll('/', '__'));
        if (!existsSync(copy) || readFileSync(copy, 'utf8') !== edited) writeFileAtomically(copy, edited);
        return new currentBundler.instance.NormalModuleReplacementPlugin(
          new RegExp(`^${original.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
          copy,
        );
      });
      // The bundler's persistent cache keeps how it resolved each module: a module newly edited here would stay
      // the installed one. The edits are part of the cache's version (merged into the cache's own settings).
      const version = createHash('sha256').update(JSON.stringify(EDITS)).digest('hex').slice(0, 16);
      return {
        plugins,
        ...(typeof config.experiments?.cache === 'object' && {experiments: {cache: {version}}}),
        ...(typeof config.cache === 'object' && {cache: {version}}),
      };
    },
  };
}
