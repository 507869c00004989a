import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, centre, jumpTo, renderStory } from '../element/helpers.js';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Depth-first search of the accessibility tree. */
function findNode(node, test) {
  if (!node) return undefined;
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const found = findNode(child, test);
    if (found) return found;
  }
  return undefined;
}

describe('profile tooltip, WCAG 1.4.13 and APG', () => {
  let el;
  let link;
  let bubble;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(async () => {
    jumpTo(0);
    el = await renderStory();
    link = $(el, '#leadership-perspective a[href^="https:"]');
    link.scrollIntoView({ block: 'center', behavior: 'instant' });
    bubble = $(el, '[role="tooltip"]');
    await resetMouse();
  });
  afterEach(async () => {
    await resetMouse();
    el.remove();
  });

  async function hoverOpen() {
    const point = centre(link);
    await sendMouse({ type: 'move', position: [point.x, point.y] });
    await waitUntil(() => !bubble.hidden, 'tooltip never opened', { timeout: 2000 });
  }

  it('is hoverable: the pointer can move from the link onto the tooltip and it stays', async () => {
    await hoverOpen();
    const target = bubble.getBoundingClientRect();
    const from = centre(link);
    // Move down in small steps, crossing the gap between the link and the tooltip.
    const to = { x: Math.round(target.left + 10), y: Math.round(target.top + target.height / 2) };
    for (let i = 1; i <= 6; i++) {
      await sendMouse({ type: 'move', position: [Math.round(from.x + ((to.x - from.x) * i) / 6), Math.round(from.y + ((to.y - from.y) * i) / 6)] });
    }
    await wait(500);
    console.log(`[measure] tooltip after moving onto it for 500 ms: ${bubble.hidden ? 'hidden' : 'shown'}`);
    expect(bubble.hidden, 'still shown with the pointer on it').to.equal(false);
    await sendMouse({ type: 'move', position: [5, 5] });
    await waitUntil(() => bubble.hidden, 'hides once the pointer leaves both');
  });

  it('Escape dismisses it when shown by hover alone (focus elsewhere), and the pointer stays put', async () => {
    document.body.focus();
    await hoverOpen();
    expect(el.shadowRoot.activeElement === link, 'the link is not focused').to.equal(false);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => bubble.hidden, 'Escape did not dismiss the hover tooltip', { timeout: 1000 });
  });

  it('does not cover the person’s name or title', async () => {
    await hoverOpen();
    const tip = bubble.getBoundingClientRect();
    for (const selector of ['.testimonial__name', '.testimonial__role', '.testimonial__quote']) {
      const covered = overlaps(tip, $(el, selector).getBoundingClientRect());
      console.log(`[measure] tooltip covers ${selector}: ${covered}`);
      expect(covered, selector).to.equal(false);
    }
  });

  it('screen readers get the text as the link’s own description', async () => {
    const tree = await executeServerCommand('a11y-tree');
    const node = findNode(tree, (n) => n.role === 'link' && n.name === 'Redcliffe Labs on LinkedIn');
    console.log(`[measure] link description in the accessibility tree: "${node?.description ?? ''}"`);
    expect(node?.description).to.equal('Opens LinkedIn in a new tab');
  });
});
