// What the pages of measured runs share, laid out as the build wrote it (lib/pages): a table of servers' figures
// with their spread and comparison, a note of sentences, and a finding.
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {useSentenceGap} from '@site/src/components/Msg';
import NoteBox from '@site/src/components/NoteBox';
import {Explained} from '@site/src/components/Terms';

/** A table row's heading: a server's name, its exact version under it. */
export function VersionCell({name, version}) {
  return (
    <th scope="row">
      <Explained>{name}</Explained>
      <Spread>{version}</Spread>
    </th>
  );
}

/** A comparison's cell: its main text and the lines under it; or the note of a row that is not compared. */
function Versus({versus: v}) {
  if (v.note) return <Num data-versus>{v.note}</Num>;
  return (
    <Num data-versus data-figure={v.figure} data-verdict={v.verdict}>
      {v.text}
      {v.lines.map((line) => (
        <Spread key={line}>{line}</Spread>
      ))}
    </Num>
  );
}

/**
 * A table of servers' figures (lib/pages/figure-table.mjs): each server's figures with their repeats' spread, and
 * its comparison with the baseline. Any data-* prop is put on the table.
 */
export function FigureTable({table, ...attributes}) {
  return (
    <DataTable columns={table.columns} caption={table.caption} {...attributes}>
      {table.rows.map((r) => (
        <tr key={r.target} data-target={r.target}>
          <VersionCell name={r.name} version={r.version} />
          {r.cells.map((c) => (
            <Num key={c.figure} data-figure={c.figure}>
              {c.text}
              {c.spread && <Spread>{c.spread}</Spread>}
            </Num>
          ))}
          <Versus versus={r.versus} />
        </tr>
      ))}
    </DataTable>
  );
}

/** A boxed note: its title, then its text. */
export function SentenceNote({title, text}) {
  const gap = useSentenceGap();
  return (
    <NoteBox>
      <strong>
        <Explained>{title}</Explained>
      </strong>
      {gap}
      <Explained>{text}</Explained>
    </NoteBox>
  );
}

/** An A/A control's note (lib/pages/verdict-words.mjs, controlNote). */
export function ControlNote({control, measure = 'time'}) {
  if (!control) return null;
  return (
    <p data-control={control.target} data-measure={measure} data-unpaired={control.unpaired || undefined}>
      <Explained>{control.text}</Explained>
    </p>
  );
}

/** A statement of findings (`attributes`: its data-* for tests and links). */
export function Finding({text, ...attributes}) {
  if (!text) return null;
  return (
    <p className="finding" {...attributes}>
      <Explained>{text}</Explained>
    </p>
  );
}
