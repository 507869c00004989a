/** Medians, spreads and bootstrap intervals for `npm run bench`. */

function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

export const median = (values) => quantile(values, 0.5);

/** A bootstrap 95 % interval of the median of `values` (resampled with replacement, 2,000 times). */
function medianInterval(values, resamples = 2000) {
  const medians = [];
  const sample = new Array(values.length);
  for (let s = 0; s < resamples; s++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(Math.random() * values.length)];
    medians.push(median(sample));
  }
  return { low: quantile(medians, 0.025), high: quantile(medians, 0.975) };
}

/** Median and min–max of `values`. */
export const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * A page against its twin over paired rounds (round r of both ran in the same round, in shuffled
 * order, so a round slowed by a neighbour's build slows both sides): the per-round ratios or
 * differences, their median and min–max, and the median's bootstrap 95 % interval: when it spans
 * the target, the rounds cannot tell on which side of it the element is.
 */
export function paired(page, twin, kind) {
  const values = page.map((value, r) => (kind === 'ratio' ? value / twin[r] : value - twin[r])).filter(Number.isFinite);
  return { values, ...spread(values), interval: medianInterval(values) };
}

export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : 'n/a');
export const x = (value) => (Number.isFinite(value) ? `${value.toFixed(3)}×` : 'n/a');
export const plusMs = (value) => (Number.isFinite(value) ? `${value < 0 ? '−' : '+'}${Math.abs(Math.round(value))} ms` : 'n/a');
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
