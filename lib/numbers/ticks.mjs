// Axis ticks chosen at build time, so a chart's axis numbers are formatted by
// the same rule as every other figure (the browser only draws them).
import {formatFigure} from './format.mjs';

/** A "nice" step (1, 2 or 5 × 10^n) that splits `span` into about `count` parts. */
function niceStep(span, count) {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step;
}

/**
 * Ticks from `min` (0 unless given) up to the first nice value at or above
 * `max`, each {value, label} with the label formatted as `kind` for `locale`.
 * @param {{max: number, min?: number, kind: string, locale: string, count?: number,
 *   label?: (text: string) => string}} options
 */
export function niceTicks({max, min = 0, kind, locale, count = 5, label = (text) => text}) {
  if (!(max > min)) max = min + 1;
  // Whole numbers (seconds, counts) are never split: 0, 1, 1, 2, 2 would be 0.5 steps rounded.
  const step = kind === 'integer' ? Math.max(1, niceStep(max - min, count)) : niceStep(max - min, count);
  const first = Math.floor(min / step) * step;
  const ticks = [];
  // Integer multiples of the step, so 0.1 + 0.2 never shows as 0.30000000000000004.
  for (let i = 0; first + (i - 1) * step < max; i++) {
    const value = Number((first + i * step).toPrecision(12));
    ticks.push({value, label: label(formatFigure(value, kind, locale))});
  }
  return ticks;
}
