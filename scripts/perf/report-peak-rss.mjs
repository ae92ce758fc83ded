// Loaded with `node --import` into a process the benchmarks time: writes the
// process's peak resident memory (KiB) to $PEAK_RSS_FILE as it exits, so a
// contender's memory is measured without changing the contender.
import {writeFileSync} from 'node:fs';

process.on('exit', () => {
  if (process.env.PEAK_RSS_FILE) writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
