/**
 * The same picture with and without JavaScript: the server-rendered story (dist/ssr.js through the
 * test server's /__ssr/element) in a frame, screenshot before the element's script runs, then after
 * it has hydrated; and in a frame where scripts cannot run. The drawings (icons, quote mark, call
 * card) are in the server's HTML, so nothing appears or changes when the script arrives.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { TAG } from '../element/helpers.js';
import { screenshot } from '../a11y/pixels.js';

const WIDTH = 1280;
const HEIGHT = 800;
const TOLERANCE = 16; // per channel: rounding in compositing, not a change anyone sees

async function storyFrame({ scripts }) {
  const frame = document.createElement('iframe');
  frame.className = 'picture-frame';
  if (!scripts) frame.setAttribute('sandbox', 'allow-same-origin');
  frame.style.cssText = `position:fixed;left:0;top:0;width:${WIDTH}px;height:${HEIGHT}px;border:0;background:#fff;z-index:10`;
  frame.src = '/__ssr/page'; // the story's own path, so the hydrated router shows the story
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const root = frame.contentDocument.querySelector(TAG).shadowRoot;
  await waitUntil(() => frame.contentWindow.getComputedStyle(root.querySelector('.page')).display === 'grid', 'stylesheet', { timeout: 5000 });
  return { frame, root, win: frame.contentWindow };
}

/** Screenshots of the frame scrolled to each of `places` (selectors in the story), plus the boxes of every drawing and focusable control. */
async function shots(view, places) {
  const out = [];
  for (const place of places) {
    const target = place === 'top' ? null : view.root.querySelector(place);
    view.win.scrollTo(0, target ? target.getBoundingClientRect().top + view.win.scrollY - 40 : 0);
    for (let i = 0; i < 4; i++) await nextFrame();
    const boxes = (selector) =>
      [...view.root.querySelectorAll(selector)].map((node) => node.getBoundingClientRect()).filter((r) => r.width > 0 && r.bottom > 0 && r.top < HEIGHT);
    out.push({
      place,
      image: await screenshot(),
      drawings: boxes('svg.art'),
      controls: boxes('a, button, input, [tabindex], [role="slider"]'),
    });
  }
  return out;
}

const near = (r, x, y, pad) => x >= r.left - pad && x <= r.right + pad && y >= r.top - pad && y <= r.bottom + pad;
const inside = (r, x, y, pad) => x >= r.left + pad && x <= r.right - pad && y >= r.top + pad && y <= r.bottom - pad;

/**
 * Whether `a`'s pixel at (x, y) has no counterpart in `b` near it: some channel outside the range
 * of `b`'s 3×3 neighbourhood (plus a tolerance). A drawing placed a fraction of a pixel apart (the
 * two pages' content above it differs in height) blends its edges differently but stays within
 * that range; a missing or different drawing does not.
 */
function unmatched(a, b, x, y, bx = x, by = y) {
  const i = (y * a.width + x) * 4;
  for (let c = 0; c < 3; c++) {
    let low = 255;
    let high = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const v = b.data[((by + dy) * b.width + (bx + dx)) * 4 + c];
        if (v < low) low = v;
        if (v > high) high = v;
      }
    }
    if (a.data[i + c] < low - TOLERANCE || a.data[i + c] > high + TOLERANCE) return true;
  }
  return false;
}

/** Pixels that differ (either way), outside the band where a focus ring could be drawn around a control. */
function differences(a, b, controls, within = null) {
  let count = 0;
  let box = null;
  for (let y = 1; y < HEIGHT - 1; y++) {
    for (let x = 1; x < WIDTH - 1; x++) {
      if (within && !within.some((r) => near(r, x, y, 0))) continue;
      if (!unmatched(a, b, x, y) && !unmatched(b, a, x, y)) continue;
      if (controls.some((r) => near(r, x, y, 8) && !inside(r, x, y, 2))) continue; // a ring's band
      count += 1;
      box = box ? { l: Math.min(box.l, x), t: Math.min(box.t, y), r: Math.max(box.r, x), b: Math.max(box.b, y) } : { l: x, t: y, r: x, b: y };
    }
  }
  return { count, box };
}

/** Pixels of each drawing in `a` with no counterpart in the same drawing in `b` (each at its own place on screen). */
function drawingDifferences(a, drawingsA, b, drawingsB) {
  let count = 0;
  drawingsA.forEach((ra, k) => {
    const rb = drawingsB[k];
    const [ax, ay, bx, by] = [ra.left, ra.top, rb.left, rb.top].map(Math.round);
    for (let dy = 1; dy < Math.round(ra.height) - 1; dy++) {
      for (let dx = 1; dx < Math.round(ra.width) - 1; dx++) {
        const [xa, ya, xb, yb] = [ax + dx, ay + dy, bx + dx, by + dy];
        if ([ya, yb].some((y) => y < 1 || y >= HEIGHT - 1)) continue;
        if (unmatched(a, b, xa, ya, xb, yb) || unmatched(b, a, xb, yb, xa, ya)) count += 1;
      }
    }
  });
  return count;
}

// The results band (the impact cards, its trend icon) sits under the hero since issue 43: it is a place of its own.
const PLACES = ['top', '#results', '#leadership-perspective', '.block--about + .block'];

describe('the same picture before and after hydration, and without JavaScript', () => {
  before(async () => {
    await setViewport({ width: WIDTH, height: HEIGHT });
    await emulateMedia({ reducedMotion: 'reduce' });
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(() => document.querySelectorAll('.picture-frame').forEach((frame) => frame.remove()));

  it('the server HTML holds every drawing of the first view: icons, quote mark, call card', async () => {
    const { root } = await storyFrame({ scripts: false });
    expect(root.querySelectorAll('.icon-badge svg.icon').length, 'an icon in every badge').to.equal(root.querySelectorAll('.icon-badge').length);
    expect(root.querySelectorAll('.icon-badge').length).to.equal(5);
    expect(root.querySelector('.quote-box svg.quote-mark'), 'quote mark').to.not.equal(null);
    expect(root.querySelector('.hero__visual svg.call-card'), 'call card').to.not.equal(null);
  });

  it('before hydration and after, the story differs in no region larger than a focus ring', async () => {
    const view = await storyFrame({ scripts: true });
    const before = await shots(view, PLACES);
    view.win.scrollTo(0, 0);
    const script = view.frame.contentDocument.createElement('script');
    script.type = 'module';
    script.src = '/dist/redcliffe-case-study.js';
    view.frame.contentDocument.head.append(script);
    // Hydrated: the root keeps the server's stylesheet link and adopts its sheet of client-only rules.
    await waitUntil(() => view.root.adoptedStyleSheets.length === 1, 'did not hydrate', { timeout: 10_000 });
    const hydrated = await shots(view, PLACES);
    const figures = {};
    for (let i = 0; i < PLACES.length; i++) {
      figures[PLACES[i]] = differences(before[i].image, hydrated[i].image, hydrated[i].controls);
    }
    console.log(`[measure] before vs after hydration, changed pixels outside focus-ring bands: ${JSON.stringify(figures)}`);
    for (const [place, diff] of Object.entries(figures)) expect(diff.count, `${place}: ${JSON.stringify(diff.box)}`).to.equal(0);
  });

  it('without JavaScript, every drawing looks as it does hydrated', async function () {
    // Two frames loaded, hydrated and shot in six places: 6–9 s on a quiet machine, past the default 15 s on a loaded CI one.
    this.timeout(40_000);
    const noJs = await storyFrame({ scripts: false });
    const plain = await shots(noJs, PLACES.slice(1)); // the hero's comparison is laid out as two lists without JavaScript
    // The call card, on the hero's After side (placed differently without JavaScript): drawn there too.
    expect(noJs.root.querySelector('.call-card').getBoundingClientRect().width).to.be.above(100);
    noJs.frame.remove();
    const view = await storyFrame({ scripts: true });
    const script = view.frame.contentDocument.createElement('script');
    script.type = 'module';
    script.src = '/dist/redcliffe-case-study.js';
    view.frame.contentDocument.head.append(script);
    await waitUntil(() => view.root.adoptedStyleSheets.length === 1, 'did not hydrate', { timeout: 10_000 });
    const hydrated = await shots(view, PLACES.slice(1));
    const figures = {};
    for (let i = 0; i < plain.length; i++) {
      const [a, b] = [plain[i], hydrated[i]];
      expect(a.drawings.length, `${a.place}: drawings on screen without JavaScript`).to.equal(b.drawings.length);
      a.drawings.forEach((r, k) =>
        expect([Math.round(r.width), Math.round(r.height)], 'same size').to.deep.equal([Math.round(b.drawings[k].width), Math.round(b.drawings[k].height)]),
      );
      figures[a.place] = { drawings: a.drawings.length, changed: drawingDifferences(a.image, a.drawings, b.image, b.drawings) };
    }
    console.log(`[measure] drawings without JavaScript vs hydrated, changed pixels: ${JSON.stringify(figures)}`);
    for (const [place, diff] of Object.entries(figures)) {
      expect(diff.drawings, `${place}: some drawing compared`).to.be.above(0);
      expect(diff.changed, place).to.equal(0);
    }
  });
});
