/** Medians and spreads for `npm run bench`. */

export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)] + sorted[Math.ceil(middle)]) / 2;
}

/** Median and min–max of `values`. */
export const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * A page against its twin over paired rounds (round r of both ran in the same round, in shuffled
 * order, so a round slowed by a neighbour's build slows both sides): the per-round ratios or
 * differences, their median and min–max.
 */
export function paired(page, twin, kind) {
  const values = page.map((value, r) => (kind === 'ratio' ? value / twin[r] : value - twin[r])).filter(Number.isFinite);
  return { values, ...spread(values) };
}

export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : 'n/a');
export const x = (value) => (Number.isFinite(value) ? `${value.toFixed(3)}×` : 'n/a');
export const plusMs = (value) => (Number.isFinite(value) ? `${value < 0 ? '−' : '+'}${Math.abs(Math.round(value))} ms` : 'n/a');
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
