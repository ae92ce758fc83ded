// A group's instructions per transaction (lib/pages/instruction-figures.mjs), laid out as the build wrote them.
import {useEffect} from 'react';
import Heading from '@theme/Heading';
import {useGaps, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import {useDataUrl} from '@site/src/components/DataUrl';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';
import {useShownPair} from '@site/src/components/AnswerMatrix/shown-pair.mjs';
import {pairKey} from '@site/lib/model/keys.mjs';
import {ControlNote, FigureTable, Finding} from '@site/src/components/RunFigures';
import ServerActivity from '@site/src/components/ServerActivity';
import FunctionsChange from './FunctionsChange';
import {Explained} from '@site/src/components/Terms';

/**
 * A group's instructions per transaction: how they were counted, the verdict
 * sentences, the A/A, the table, the chart, and, folded, the functions whose
 * work changed most (their rows loaded when the reader opens one) and the
 * Cachegrind files.
 */
export default function InstructionsSection({page, id, figures: f}) {
  // One loader for the whole section: opening any group's functions loads the rows of all of them.
  const rows = useOnDemand(page);
  if (!f) return <InstructionsMissing id={id} />;
  return (
    <section data-instructions={id}>
      <InstructionsHeading id={id} />
      <HowCounted id={id} method={f.method} rows={rows} />
      <Finding text={f.statement} data-instruction-findings={id} />
      <Finding text={f.checkpointer} data-instruction-checkpointer={id} />
      <ControlNote control={f.control} measure="instructions" />
      <FigureTable table={f.table} data-instructions-table={id} />
      <ServerActivity page={page} id={`${id}-instructions`} activity={f.activity} />
      {f.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      <FunctionsChanges id={id} figures={f} rows={rows} />
      {f.files.length > 0 && <CachegrindFiles id={id} files={f.files} />}
    </section>
  );
}

/**
 * The functions that changed, against the baseline the page's answer shows where the group has tables against
 * it (loaded on demand: the page carries those against its first view's baseline), else against its own base.
 */
function FunctionsChanges({id, figures: f, rows}) {
  const chosen = useShownPair()?.baseline;
  const base = chosen && f.functionBases?.includes(chosen) ? chosen : f.functionsBase;
  const own = base === f.functionsBase;
  const {load} = rows;
  useEffect(() => {
    if (!own) load();
  }, [own, load]);
  const list = own ? f.functions : rows.data?.versus[pairKey(id, base)];
  if (!list) return <NotLoaded failed={rows.failed} />;
  return list.map((fc) => <FunctionsChange key={`${fc.target} ${base}`} id={id} change={fc} rows={rows} />);
}

function InstructionsHeading({id}) {
  const t = useT();
  return (
    <Heading as="h3" id={`${id}-instructions`}>
      {t('common.instructions.title')}
    </Heading>
  );
}

/** A group the instructions run did not measure: the heading stays, so its anchor still leads somewhere. */
function InstructionsMissing({id}) {
  const t = useT();
  return (
    <>
      <InstructionsHeading id={id} />
      <p data-instructions-missing={id}>{t('common.instructions.none')}</p>
    </>
  );
}

/**
 * How the instructions were counted. The same words under every group: folded, loaded as the reader opens them
 * (with the rest of the page's on-demand data) where the page keeps them out of its first load, and left out of
 * the search index, which would rank the page by them.
 */
function HowCounted({id, method, rows}) {
  const t = useT();
  const text = method ?? rows.data?.methods[id];
  return (
    <details data-pagefind-ignore="all" data-instructions-method={id} onToggle={method ? undefined : rows.load}>
      <summary>{t('common.instructions.howCounted')}</summary>
      {text ? (
        <p>
          <Explained>{text}</Explained>
        </p>
      ) : (
        <NotLoaded failed={rows.failed} />
      )}
    </details>
  );
}

/** Links to each version's Cachegrind files, short and long runs. */
function CachegrindFiles({id, files}) {
  const t = useT();
  const dataUrl = useDataUrl();
  const gaps = useGaps();
  const label = t('common.instructions.files');
  return (
    <p data-cachegrind-files={id}>
      <Explained>{label}</Explained>
      {gaps.gap(label)}
      {files.map((file, i) => (
        <span key={file.target}>
          {i > 0 && ' · '}
          {file.name}
          {gaps.label}
          <a href={dataUrl(file.short)}>{t('common.instructions.shortRuns')}</a>
          {gaps.list}
          <a href={dataUrl(file.long)}>{t('common.instructions.longRuns')}</a>
        </span>
      ))}
    </p>
  );
}
