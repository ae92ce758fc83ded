// The messages a page chooses at run time (by a verdict, a test's id, a
// column), written out key by key. Pages never assemble a key from parts, so a
// search for a key finds every place it is used, `i18n:status KEY` lists
// them, and a check can prove every English message is used
// (lib/i18n/message-keys.test.mjs).

/**
 * The key (or keys, for a map of maps) of `id` in `map`; an id the map lacks
 * (new data, a new verdict) is an error that says what to add.
 */
export function messageKey(map, id, name) {
  const key = Object.hasOwn(map, id) ? map[id] : undefined;
  if (key === undefined) {
    throw new Error(
      `No message for ${name} "${id}": add it to ${name} in lib/i18n/message-keys.mjs ` +
        `(known: ${Object.keys(map).join(', ')}) and its English to i18n/en/benchmarks.json.`,
    );
  }
  return key;
}

/** Whether our verdicts agree with a published study: its claim, and the outcome. */
export const AGREEMENT_CLAIM = {
  'no-large-difference': 'common.agreement.claim.no-large-difference',
  faster: 'common.agreement.claim.faster',
};
export const AGREEMENT_OUTCOME = {
  agree: 'common.agreement.agree',
  disagree: 'common.agreement.disagree',
  cannotTell: 'common.agreement.cannotTell',
};

/** The managed-Postgres page: its three tests, instance rows, storage kinds, command steps. */
export const MANAGED_TEST = {
  'io-read-write': {
    title: 'managed.tests.io-read-write.title',
    short: 'managed.tests.io-read-write.short',
    intro: 'managed.tests.io-read-write.intro',
  },
  'io-read-only': {
    title: 'managed.tests.io-read-only.title',
    short: 'managed.tests.io-read-only.short',
    intro: 'managed.tests.io-read-only.intro',
  },
  'cpu-read-only': {
    title: 'managed.tests.cpu-read-only.title',
    short: 'managed.tests.cpu-read-only.short',
    intro: 'managed.tests.cpu-read-only.intro',
  },
};
export const MANAGED_STORAGE = {
  nvme: 'managed.setup.storageKinds.nvme',
  network: 'managed.setup.storageKinds.network',
  'network-io-optimized': 'managed.setup.storageKinds.network-io-optimized',
  'network-gp3': 'managed.setup.storageKinds.network-gp3',
};
export const MANAGED_COMMAND_STEP = {
  init: 'managed.commands.init',
  warmup: 'managed.commands.warmup',
  run: 'managed.commands.run',
};

/** The services explorer: metrics (percentiles share one message), figures, units, standings. */
export const SERVICES_METRIC = {
  tps: 'services.metrics.tps',
  latency: 'services.metrics.latency',
  stddev: 'services.metrics.stddev',
  connection: 'services.metrics.connection',
  load: 'services.metrics.load',
};
export const SERVICES_FIGURE = {
  median: 'services.figures.median',
  best: 'services.figures.best',
  worst: 'services.figures.worst',
};
export const SERVICES_UNIT = {
  tps: 'services.units.tps',
  ms: 'services.units.ms',
  s: 'services.units.s',
  gb: 'services.units.gb',
};
export const SERVICES_STANDING = {
  overlap: 'services.standing.overlap',
  apart: 'services.standing.apart',
  significant: 'services.standing.significant',
};
export const SERVICES_STANDING_ALL = {
  overlap: 'services.standingAll.overlap',
  apart: 'services.standingAll.apart',
  significant: 'services.standingAll.significant',
};
export const SERVICES_COLUMN = {
  tps: 'services.table.tps',
  latency: 'services.table.latency',
  stddev: 'services.table.stddev',
  connection: 'services.table.connection',
};

/** The versions suite: its scenarios, workloads, and the introduction of each group. */
export const VERSIONS_SCENARIO = {small: 'versions.scenarios.small.name', large: 'versions.scenarios.large.name'};
export const VERSIONS_WORKLOAD = {
  tpcb: 'versions.workloads.tpcb.name',
  'simple-update': 'versions.workloads.simple-update.name',
  'select-only': 'versions.workloads.select-only.name',
};
/** pgbench's built-in scripts (-b NAME), named wherever they are shown as the Versions page names its workloads. */
export const PGBENCH_BUILTIN = {
  'tpcb-like': VERSIONS_WORKLOAD.tpcb,
  'simple-update': VERSIONS_WORKLOAD['simple-update'],
  'select-only': VERSIONS_WORKLOAD['select-only'],
};
/** What each of pgbench's built-in scripts does in a transaction, for a page that runs them as they are. */
export const BUILTIN_ABOUT = {
  'tpcb-like': 'common.builtins.tpcb-like',
  'simple-update': 'common.builtins.simple-update',
  'select-only': 'common.builtins.select-only',
};
export const VERSIONS_INTRO = {
  'small/tpcb': 'versions.intro.small.tpcb',
  'small/simple-update': 'versions.intro.small.simple-update',
  'small/select-only': 'versions.intro.small.select-only',
  'large/tpcb': 'versions.intro.large.tpcb',
  'large/simple-update': 'versions.intro.large.simple-update',
};

/** The planner suite's cases: heading, short name (tables, charts), what it tests, what to look at. */
export const PLANNER_CASE = {
  'cte-sorted-unique': {
    title: 'planner.cases.cte-sorted-unique.title',
    short: 'planner.cases.cte-sorted-unique.short',
    what: 'planner.cases.cte-sorted-unique.what',
    look: 'planner.cases.cte-sorted-unique.look',
  },
  'correlated-in': {
    title: 'planner.cases.correlated-in.title',
    short: 'planner.cases.correlated-in.short',
    what: 'planner.cases.correlated-in.what',
    look: 'planner.cases.correlated-in.look',
  },
  'group-by-order': {
    title: 'planner.cases.group-by-order.title',
    short: 'planner.cases.group-by-order.short',
    what: 'planner.cases.group-by-order.what',
    look: 'planner.cases.group-by-order.look',
  },
  'range-contains': {
    title: 'planner.cases.range-contains.title',
    short: 'planner.cases.range-contains.short',
    what: 'planner.cases.range-contains.what',
    look: 'planner.cases.range-contains.look',
  },
};

/** The methodology page: suites, their scenarios, and the kinds of figure the rounding table shows. */
export const METHOD_SUITE = {
  'pg-versions': 'method.suites.pg-versions',
  'pg17-planner': 'method.suites.pg17-planner',
  quick: 'method.suites.quick',
  postgresbench: 'method.suites.postgresbench',
};
export const METHOD_SCENARIO = {
  'pg-versions/small': 'method.scenarioNames.pg-versions.small',
  'pg-versions/large': 'method.scenarioNames.pg-versions.large',
  'pg17-planner/load': 'method.scenarioNames.pg17-planner.load',
  'postgresbench/100gb': 'method.scenarioNames.postgresbench.100gb',
  'postgresbench/500gb': 'method.scenarioNames.postgresbench.500gb',
  'quick/small': 'method.scenarioNames.quick.small',
};
export const METHOD_ROUNDING_KIND = {
  tps: 'method.rounding.kinds.tps',
  ms: 'method.rounding.kinds.ms',
  count: 'method.rounding.kinds.count',
};

/** The search box's term lists: the pages' word for a term, then words readers may type for it. */
export const SEARCH_TERMS = ['search.terms.latency', 'search.terms.throughput'];

/** A published study's title in the page's language, by the suite it is the study of (beside its original). */
export const STUDY_TITLES = {
  'pg-versions': 'studies.pgVersions.title',
  'pg17-planner': 'studies.pg17Planner.title',
};
