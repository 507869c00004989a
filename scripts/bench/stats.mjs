/** Medians, spreads and bootstrap intervals for `npm run bench`. */

export function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

export const median = (values) => quantile(values, 0.5);

/**
 * Ratio of medians `page / floor` over paired rounds (round r of both was loaded in the same round),
 * with a bootstrap 95 % interval: rounds are resampled with replacement, keeping each round's pair.
 */
export function ratioInterval(page, floor, resamples = 2000) {
  const n = Math.min(page.length, floor.length);
  const estimate = median(page) / median(floor);
  const ratios = [];
  const a = new Array(n);
  const b = new Array(n);
  for (let s = 0; s < resamples; s++) {
    for (let i = 0; i < n; i++) {
      const r = Math.floor(Math.random() * n);
      a[i] = page[r];
      b[i] = floor[r];
    }
    ratios.push(median(a) / median(b));
  }
  const low = quantile(ratios, 0.025);
  const high = quantile(ratios, 0.975);
  return { estimate, low, high, halfWidth: (high - low) / 2 / estimate };
}

export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const x = (value) => (Number.isFinite(value) ? `${value.toFixed(3)}x` : 'n/a');
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
