// The Translating page's lists: what needs a translator in each language
// (stale translations with the English then and now, messages still in
// English), and every message with its context (lib/pages/translating-page.mjs).
import {Fragment, useEffect, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useT} from '@site/src/components/Msg';
import DataTable from '@site/src/components/DataTable';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';

/** The tables' headings, by column: whole keys, so a search finds where each message is used. */
const HEADINGS = {
  key: 'translate.table.key',
  before: 'translate.table.then',
  now: 'translate.table.now',
  english: 'translate.table.english',
  translation: 'translate.table.translation',
  about: 'translate.table.about',
};

/** A message key that may break after each dot, so a long key does not widen its table. */
function Key({name}) {
  const parts = name.split('.');
  return (
    <code>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a key's parts are fixed and may repeat
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </span>
      ))}
    </code>
  );
}

/** Today's English with what changed since the translation marked: removed words struck out, added ones marked. */
function Change({parts}) {
  return parts.map(({kind, text}, i) =>
    kind === 'same' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in the diff is its identity
      <Fragment key={i}>{text}</Fragment>
    ) : kind === 'removed' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <del key={i}>{text}</del>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <ins key={i}>{text}</ins>
    ),
  );
}

/** Per language: what keeps its catalog from being used, stale translations and messages left in English. */
export function TranslatorWork({languages}) {
  const t = useT();
  return languages.map((l) => (
    <section key={l.locale} className="translator-work" data-locale={l.locale}>
      {l.problems.length > 0 && (
        <div className="fallback-note" role="note" data-catalog-problems={l.locale}>
          <p>{t('translate.languages.problems', {language: l.name, command: 'npm run i18n:check'})}</p>
          <ul>
            {l.problems.map((p) => (
              <li key={`${p.file}:${p.line}:${p.key}:${p.message}`}>
                <code>
                  {p.file}
                  {p.line ? `:${p.line}` : ''}
                </code>{' '}
                {p.key && <Key name={p.key} />} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {l.problems.length === 0 && l.stale.length === 0 && l.untranslated.length === 0 ? (
        <p>{t('translate.languages.none', {language: l.name})}</p>
      ) : null}
      {l.stale.length > 0 && (
        <>
          <p>{t('translate.languages.stale', {language: l.name, file: l.file})}</p>
          <DataTable columns={['key', 'before', 'now'].map((k) => t(HEADINGS[k]))}>
            {l.stale.map((s) => (
              <tr key={s.key}>
                <td>
                  <Key name={s.key} />
                </td>
                <td lang="en">{s.before ?? '—'}</td>
                <td lang="en" data-change={s.change ? '' : undefined}>
                  {s.change ? <Change parts={s.change} /> : s.now}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      {l.untranslated.length > 0 && (
        <p>
          {t('translate.languages.untranslated', {language: l.name})}{' '}
          {l.untranslated.map((u) => (
            <code key={u.key}>{u.key} </code>
          ))}
        </p>
      )}
    </section>
  ));
}

/**
 * Which screenshots each locale's build holds, from its manifest: a page links only those (the build ships an
 * empty list; npm run screenshots writes the files and the list together). [[locale, manifest url]] in.
 */
function useTakenScreenshots(manifests) {
  const [taken, setTaken] = useState({});
  const key = manifests.flat().join(' ');
  useEffect(() => {
    const pairs = key.split(' ');
    for (let i = 0; i < pairs.length; i += 2) {
      const [locale, url] = [pairs[i], pairs[i + 1]];
      fetch(url)
        .then((r) => (r.ok ? r.json() : {pages: []}))
        .then((m) => setTaken((now) => ({...now, [locale]: new Set(m.pages ?? [])})))
        .catch(() => {});
    }
  }, [key]);
  return taken;
}

/**
 * Every page's screenshot, in this language and (on a translation) in English.
 * Each locale's build has its own (npm run screenshots), under its own base URL.
 */
export function PageScreenshots({screenshots, english}) {
  const t = useT();
  const {i18n} = useDocusaurusContext();
  const bases = [i18n.currentLocale, ...(i18n.currentLocale === i18n.defaultLocale ? [] : [i18n.defaultLocale])];
  const href = (locale, image) => `${i18n.localeConfigs[locale].baseUrl.replace(/\/$/, '')}${image}`;
  const labels = [screenshots.language, english].slice(0, bases.length);
  const taken = useTakenScreenshots(bases.map((locale) => [locale, href(locale, screenshots.manifest)]));
  return (
    <DataTable columns={[t('translate.screenshots.page'), ...labels]} data-screenshots="">
      {screenshots.pages.map((p) => (
        <tr key={p.docId}>
          <td>{p.name}</td>
          {bases.map((locale) => (
            <td key={locale}>
              {taken[locale]?.has(p.docId) ? (
                <a href={href(locale, p.image)} data-screenshot={`${locale}/${p.docId}`}>
                  {t('translate.screenshots.link')}
                </a>
              ) : (
                <span data-screenshot-missing={`${locale}/${p.docId}`}>{t('translate.screenshots.missing')}</span>
              )}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Every message, grouped by its first key part, each group in a closed
 * section: the messages are loaded when the reader first opens one
 * (translating.on-demand.json), which keeps them out of the page's first load.
 */
export function MessageContext({groups, hasTranslation}) {
  const {data, failed, load} = useOnDemand('translating');
  const wanted = useLinkedMessage(data);
  return groups.map(({group, count}) => (
    <details
      key={group}
      className="message-context"
      id={`messages-${group}`}
      open={wanted === group ? true : undefined}
      onToggle={(e) => e.currentTarget.open && load()}
    >
      <summary>
        <code>{group}</code> ({count})
      </summary>
      {data ? (
        <MessageTable context={data.context} group={group} hasTranslation={hasTranslation} />
      ) : (
        <NotLoaded failed={failed} />
      )}
    </details>
  ));
}

/**
 * A link to one message (#message-KEY, from the translator's view of a page): its group is opened, and once its
 * messages are loaded, the message is scrolled into view. Returns the group to open.
 */
function useLinkedMessage(data) {
  const [key, setKey] = useState(null);
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash);
    if (hash.startsWith('#message-')) setKey(hash.slice('#message-'.length));
  }, []);
  useEffect(() => {
    if (!key || !data) return;
    // Once laid out, and again once the fonts are in (a late font moves everything above it).
    const show = () => document.getElementById(`message-${key}`)?.scrollIntoView();
    const frame = requestAnimationFrame(show);
    document.fonts?.ready.then(() => requestAnimationFrame(show));
    return () => cancelAnimationFrame(frame);
  }, [key, data]);
  return key?.split('.')[0] ?? null;
}

/** One group's messages: key, English, translation, and what each is with its placeholders' examples. */
function MessageTable({context, group, hasTranslation}) {
  const t = useT();
  const messages = context.messages.filter((m) => m.key.split('.')[0] === group);
  const columns = ['key', 'english', ...(hasTranslation ? ['translation'] : []), 'about'];
  return (
    <DataTable columns={columns.map((k) => t(HEADINGS[k]))}>
      {messages.map((m) => (
        <tr key={m.key} id={`message-${m.key}`}>
          <td>
            <Key name={m.key} />
          </td>
          <td lang="en">{m.english}</td>
          {hasTranslation && <td>{m.translation ?? '—'}</td>}
          <td lang="en">
            {m.description}
            {m.placeholders.length > 0 && (
              <ul>
                {m.placeholders.map((p) => (
                  <li key={p.name}>
                    <code>{`{{${p.name}}}`}</code> {context.placeholders[p.name]}
                    {p.example !== null && (
                      <>
                        {' '}
                        <code className="example" data-example-from={p.from}>
                          {p.example}
                        </code>
                        {p.from === 'page' && <> {t('translate.context.fromPage')}</>}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
