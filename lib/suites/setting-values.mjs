// A setting's value in its unit, so that two spellings of one value compare
// equal: shared_buffers 128MB is 16384 (its unit is 8 kB pages), off is false,
// checkpoint_timeout 5min is 300. PostgreSQL reads a bare number in the
// setting's own unit (pg_settings.unit), and a number with a unit in that one.
// Settings this table does not know keep their text (trimmed), compared as such.

// pg_settings.unit of the settings a suite is likely to set (PostgreSQL 15–18).
const BASE_UNITS = {
  shared_buffers: '8kB',
  effective_cache_size: '8kB',
  temp_buffers: '8kB',
  wal_buffers: '8kB',
  work_mem: 'kB',
  maintenance_work_mem: 'kB',
  autovacuum_work_mem: 'kB',
  logical_decoding_work_mem: 'kB',
  max_wal_size: 'MB',
  min_wal_size: 'MB',
  wal_keep_size: 'MB',
  checkpoint_timeout: 's',
  checkpoint_warning: 's',
  autovacuum_naptime: 's',
  wal_writer_delay: 'ms',
  bgwriter_delay: 'ms',
  statement_timeout: 'ms',
  lock_timeout: 'ms',
  idle_in_transaction_session_timeout: 'ms',
  autovacuum_vacuum_cost_delay: 'ms',
  vacuum_cost_delay: 'ms',
};

const BYTES = {B: 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4, '8kB': 8192};
const MILLISECONDS = {us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000};

// Settings read as booleans (synchronous_commit takes on and off among others: local, remote_write…).
const BOOLEAN = new Set(['fsync', 'full_page_writes', 'data_checksums', 'synchronous_commit', 'autovacuum', 'jit']);
const TRUE = ['on', 'true', 'yes', '1'];
const FALSE = ['off', 'false', 'no', '0'];
// Enumerated settings, whose values PostgreSQL reads in any case.
const ENUMS = new Set(['io_method', 'wal_sync_method', 'synchronous_commit', 'wal_level', 'huge_pages']);

/** The value in its unit (bytes or milliseconds) as text, a boolean as on/off; otherwise the text, trimmed. */
export function settingValue(name, value) {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (BOOLEAN.has(name)) {
    const lower = text.toLowerCase();
    if (TRUE.includes(lower)) return 'on';
    if (FALSE.includes(lower)) return 'off';
  }
  const base = BASE_UNITS[name];
  const m = /^(-?\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(text);
  if (base && m) {
    const unit = m[2] || base;
    const scale = BYTES[base] ? BYTES : MILLISECONDS;
    if (scale[unit] !== undefined) {
      const n = Number(m[1]) * scale[unit];
      // -1 means "off" or "the default" for several of these: it stays as written.
      if (Number(m[1]) < 0) return m[1];
      return `${n}${scale === BYTES ? 'B' : 'ms'}`;
    }
  }
  return ENUMS.has(name) ? text.toLowerCase() : text;
}

/** True when two values of setting `name` mean the same. */
export const sameSetting = (name, a, b) => settingValue(name, a) === settingValue(name, b);
