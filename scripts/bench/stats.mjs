/** Medians, spreads and bootstrap intervals for `npm run bench`. */

function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

export const median = (values) => quantile(values, 0.5);

/**
 * The ratio `page / floor` over paired rounds (round r of both was loaded in the same round, minutes
 * apart at most): the median of the per-round ratios, so a round slowed by a neighbour's build slows
 * both sides of its ratio; with a bootstrap 95 % interval (rounds resampled with replacement).
 */
export function ratioInterval(page, floor, resamples = 2000) {
  const ratios = page.map((value, r) => value / floor[r]).filter(Number.isFinite);
  const estimate = median(ratios);
  const medians = [];
  const sample = new Array(ratios.length);
  for (let s = 0; s < resamples; s++) {
    for (let i = 0; i < ratios.length; i++) sample[i] = ratios[Math.floor(Math.random() * ratios.length)];
    medians.push(median(sample));
  }
  const low = quantile(medians, 0.025);
  const high = quantile(medians, 0.975);
  return { estimate, low, high, halfWidth: (high - low) / 2 / estimate };
}

export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const x = (value) => (Number.isFinite(value) ? `${value.toFixed(3)}x` : 'n/a');
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
