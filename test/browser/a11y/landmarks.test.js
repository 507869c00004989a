import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import { $, byText, jumpTo, renderStory } from '../element/helpers.js';
import defaultStory from '../../../src/shared/story/stories/redcliffe-labs.json';

function walk(node, visit) {
  if (!node) return;
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}
const LANDMARKS = new Set(['main', 'navigation', 'region', 'banner', 'contentinfo', 'complementary', 'form', 'search', 'article']);

describe('landmarks, back to top, marks', () => {
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' });
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('no <main> inside the element (the host has its own); the story is a named article; one "Jump to a section"', async () => {
    const hostMain = document.createElement('main');
    document.body.append(hostMain);
    try {
      const el = await renderStory();
      hostMain.append(el);
      await waitUntil(() => $(el, 'nav'));
      const tree = await executeServerCommand('a11y-tree');
      const landmarks = [];
      // Names as read (CSS text-transform may upper-case what the accessibility tree reports).
      walk(tree, (node) => LANDMARKS.has(node.role) && landmarks.push(`${node.role} "${(node.name ?? '').toLowerCase()}"`));
      console.log(`[measure] landmarks inside the element: ${landmarks.join(', ')}`);
      expect(
        landmarks.filter((l) => l.startsWith('main')),
        'no main',
      ).to.deep.equal([]);
      expect(landmarks, 'the story').to.include('article "redcliffe labs customer story"');
      expect(
        landmarks.filter((l) => l.endsWith('"jump to a section"')),
        'one landmark named Jump to a section',
      ).to.deep.equal(['navigation "jump to a section"']);
      await expect(hostMain).to.be.accessible();
    } finally {
      hostMain.remove();
    }
  });

  it('"Back to top" moves focus to the top of the story', async () => {
    const el = await renderStory();
    const back = byText(el, 'button', 'Back to top');
    back.scrollIntoView({ block: 'center', behavior: 'instant' });
    back.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => window.scrollY === 0, 'did not scroll to the top');
    const active = el.shadowRoot.activeElement;
    const where = active === back ? '"Back to top" (bottom of the page)' : active?.matches('.page') ? 'the story' : String(active?.localName);
    console.log(`[measure] focus after "Back to top": ${where}`);
    expect(where).to.equal('the story');
    const top = active.getBoundingClientRect().top;
    expect(top, 'the focused story starts in view').to.be.within(-1, innerHeight);
    await sendKeys({ press: 'Tab' });
    const next = el.shadowRoot.activeElement;
    // The hero's first action: the offer (issue 43), then the spec's "Read Full Customer Story".
    expect(next?.textContent, 'Tab continues from the top').to.equal(defaultStory.hero.download);
    jumpTo(0);
  });

  it('the ✕/✓ marks are not read; each list is named by its side', async () => {
    await renderStory();
    const tree = await executeServerCommand('a11y-tree');
    const texts = [];
    const lists = [];
    walk(tree, (node) => {
      if (/[✕✓]/.test(node.name ?? '')) texts.push(`${node.role} "${node.name}"`);
      if (node.role === 'list' && node.name) lists.push(node.name.toLowerCase());
    });
    console.log(`[measure] nodes reading a mark: ${texts.length ? texts.join(', ') : 'none'}`);
    expect(texts).to.deep.equal([]);
    expect(lists).to.include.members(['before', 'after']);
  });
});
