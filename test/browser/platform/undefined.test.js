import { expect } from '@open-wc/testing';
import { headlineIn, lazySectionsLoaded, loadFrame } from './helpers.js';

/**
 * Before the script arrives (slow CDN, script at the end of a CMS page), the host page shows the
 * element's light-DOM fallback in space reserved by the documented rule
 *   redcliffe-case-study:not(:defined) { display: flow-root; min-height: 100vh }
 * (`flow-root`, not `block`: the fallback's margins must stay inside the element — with `block` the
 * first child's top margin collapses through it, and the element jumps up by that margin on upgrade.)
 * After upgrade `:host { display: block }` takes over, the fallback is gone (the shadow root has no
 * slot) and nothing visible moved.
 * The fixture page loads no element script; the test adds it when it chooses.
 */
describe('before the element is defined', () => {
  let frame;
  let doc;
  let element;
  let fallback;
  let reserved;

  before(async () => {
    frame = await loadFrame('/__platform/undefined/');
    doc = frame.contentDocument;
    element = doc.querySelector('redcliffe-case-study');
    fallback = doc.getElementById('fallback');
  });
  after(() => frame?.remove());

  it('reserves its space and shows the light-DOM fallback', () => {
    expect(element.matches(':not(:defined)')).to.equal(true);
    expect(frame.contentWindow.getComputedStyle(element).display).to.equal('flow-root');
    reserved = element.getBoundingClientRect();
    expect(reserved.height, 'at least one viewport tall').to.be.at.least(frame.contentWindow.innerHeight);
    expect(fallback.checkVisibility(), 'fallback visible').to.equal(true);
    expect(fallback.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(doc.getElementById('after').getBoundingClientRect().top, 'content after it starts below the fold').to.be.at.least(frame.contentWindow.innerHeight);
  });

  it('after upgrade: fallback hidden, story rendered where the space was reserved', async () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = '/dist/redcliffe-case-study.js';
    doc.head.append(script);

    await headlineIn(element);
    await lazySectionsLoaded(element);
    expect(element.matches(':defined')).to.equal(true);
    expect(fallback.isConnected, 'fallback stays in the light DOM').to.equal(true);
    expect(fallback.checkVisibility(), 'fallback no longer rendered').to.equal(false);
    expect(fallback.getClientRects().length).to.equal(0);

    const after = element.getBoundingClientRect();
    expect(after.top, 'the element did not move').to.equal(reserved.top);
    expect(after.height, 'the element did not shrink below its reserved space').to.be.at.least(reserved.height);
  });

  // Between customElements.define() (which ends :not(:defined) and its min-height) and React's
  // first commit (a later task), the element holds its space with a boot placeholder in its
  // shadow root; without it a frame paints a 0-px element and what follows jumps up and back.
  it('upgrading causes no layout shift (CLS 0 in the frame, buffered from its start)', async () => {
    await headlineIn(element);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const shifts = frame.contentWindow.__layoutShifts;
    expect(shifts, 'layout-shift entries supported').to.be.an('array');
    const cls = shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
    expect(cls, JSON.stringify(shifts)).to.equal(0);
  });
});
