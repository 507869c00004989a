/**
 * Pixel sampling for the accessibility tests (not a test file): viewport screenshots taken through
 * the DevTools protocol, decoded in the page, and WCAG 2.x contrast ratios measured on them.
 */
import { executeServerCommand } from '@web/test-runner-commands';

/** The viewport as rendered, as ImageData in CSS pixels (the tests run at device pixel ratio 1). */
export async function screenshot() {
  const base64 = await executeServerCommand('a11y-screenshot');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

export function pixel(image, x, y) {
  const i = (Math.round(y) * image.width + Math.round(x)) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

const channel = (c) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
export const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
export function contrast(a, b) {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}
export const round2 = (n) => Math.round(n * 100) / 100;
const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * The focus indicator of `rect`, measured by comparing screenshots without and with focus along
 * eight rays leaving the element's box. On each ray the indicator is the run of pixels that
 * changed; it counts where at least `band` consecutive changed pixels contrast 3:1 or more with
 * what was there before (the background next to the control). Returns, over all rays, the worst
 * ray's best contrast and the worst ray's longest 3:1 run. A ring pixel is measured against what was
 * painted at its place and 2 px further out (the colour next to it), whichever differs more.
 */
export function focusRing(unfocused, focused, rect, { reach = 14 } = {}) {
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  const d = Math.SQRT1_2; // unit steps: one sample per pixel of distance on every ray
  const rays = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [d, d],
    [d, -d],
    [-d, d],
    [-d, -d],
  ];
  let worstBest = Infinity;
  let worstRun = Infinity;
  let changedAnywhere = 0;
  const perRay = [];
  for (const [dx, dy] of rays) {
    // From half-way inside the element (a round control's edge is nearer than its box's corner)
    // to `reach` px past where the ray leaves its box.
    const tx = dx === 0 ? Infinity : rect.width / 2 / Math.abs(dx); // distance along the ray to the box's side
    const ty = dy === 0 ? Infinity : rect.height / 2 / Math.abs(dy);
    const edge = Math.min(tx, ty);
    let best = 1;
    let run = 0;
    let longest = 0;
    for (let t = edge / 2; t <= edge + reach; t++) {
      const x = cx + dx * t;
      const y = cy + dy * t;
      if (x < 0 || y < 0 || x >= focused.width || y >= focused.height) break;
      const was = pixel(unfocused, x, y);
      const now = pixel(focused, x, y);
      if (same(was, now)) {
        run = 0;
        continue;
      }
      changedAnywhere++;
      // Against what was painted there, or just beyond it on the ray (the colour next to the ring).
      const beyond = pixel(unfocused, Math.min(focused.width - 1, Math.max(0, x + dx * 2)), Math.min(focused.height - 1, Math.max(0, y + dy * 2)));
      const ratio = Math.max(contrast(was, now), contrast(beyond, now));
      best = Math.max(best, ratio);
      run = ratio >= 3 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    perRay.push(`${Math.sign(dx)},${Math.sign(dy)}:${round2(best)}/${longest}`);
    worstBest = Math.min(worstBest, best);
    worstRun = Math.min(worstRun, longest);
  }
  return { contrast: round2(worstBest), band: worstRun, changed: changedAnywhere, rays: perRay.join(' ') };
}

/**
 * Contrast of the text inside `rect`: the text colour is the pixel farthest from the colour around
 * the box (its border, `pad` px out); the figure is its contrast with the closest of those
 * surrounding pixels (the worst case over a gradient).
 */
export function textContrast(image, rect, { pad = 2 } = {}) {
  const left = Math.floor(rect.left) - pad;
  const top = Math.floor(rect.top) - pad;
  const right = Math.ceil(rect.right) + pad;
  const bottom = Math.ceil(rect.bottom) + pad;
  const around = [];
  for (let x = left; x <= right; x++) around.push(pixel(image, x, top), pixel(image, x, bottom));
  for (let y = top; y <= bottom; y++) around.push(pixel(image, left, y), pixel(image, right, y));
  const mean = [0, 1, 2].map((c) => around.reduce((sum, p) => sum + p[c], 0) / around.length);
  let text = mean;
  for (let y = top + pad; y < bottom - pad; y++) {
    for (let x = left + pad; x < right - pad; x++) {
      const p = pixel(image, x, y);
      if (contrast(p, mean) > contrast(text, mean)) text = p;
    }
  }
  const worst = Math.min(...around.map((p) => contrast(p, text)));
  return round2(worst);
}
