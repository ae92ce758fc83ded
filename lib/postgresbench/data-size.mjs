// The data size of a pgbench database, derived from its scale: each scale unit
// is about 16 MB (pgbench_accounts' 100,000 rows with their index). PostgresBench
// shows 6849 as 100 GB and 34247 as 500 GB: from 100 GB up, to the nearest 100 GB.
const MB_PER_SCALE = 16;

/** The size in GB as pages show it: 100 GB steps from 100 GB, two significant digits below. */
export function dataSizeGb(scale) {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`A pgbench scale is a whole number ≥ 1, not ${scale}.`);
  const gb = (scale * MB_PER_SCALE) / 1000;
  if (gb >= 100) return Math.round(gb / 100) * 100;
  return Number(gb.toPrecision(2));
}
