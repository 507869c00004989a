import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, $$, centre, jumpTo, renderStory, settled, text, viewportTop } from './helpers.js';

const HEADER_OFFSET = 80;
/** Two landings closer than this look like the same place: most of what is on screen is still there. */
const DISTINCT_PX = 160;

describe('JumpNav: every button lands on its own place, headed by the button’s name', () => {
  const roomBelow = new CSSStyleSheet();
  roomBelow.replaceSync('.room-below { height: 1500px; }');
  before(async () => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, roomBelow];
    await emulateMedia({ reducedMotion: 'reduce' });
  });
  after(async () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== roomBelow);
    await emulateMedia({ reducedMotion: 'no-preference' });
    await resetMouse();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px`, async () => {
      await setViewport({ width, height: 800 });
      jumpTo(0);
      const el = await renderStory();
      el.after(Object.assign(document.createElement('div'), { className: 'room-below' }));
      const buttons = $$(el, 'nav button').filter((button) => text(button) !== 'Back to top');
      expect(buttons).to.have.length(6);
      const landings = [];
      for (const button of buttons) {
        const label = text(button);
        const nav = $(el, 'nav');
        jumpTo(window.scrollY + nav.getBoundingClientRect().top - 200);
        await settled(() => viewportTop(button));
        const { x, y } = centre(button);
        await sendMouse({ type: 'click', position: [x, y] });
        await waitUntil(() => el.shadowRoot.activeElement && el.shadowRoot.activeElement !== button, `${label}: focus did not move`);
        const target = el.shadowRoot.activeElement;
        const top = await settled(() => viewportTop(target), { timeout: 6000 });
        expect(top, `${label}: lands 80 px below the top`).to.be.closeTo(HEADER_OFFSET, 2);
        // The place carries the button's name: the target's first heading, at the top of what is seen.
        const heading = target.querySelector('h2, h3, h4');
        expect(text(heading), `${label}: heading where it lands`).to.equal(label);
        expect(viewportTop(heading) - HEADER_OFFSET, `${label}: its heading is at the top of the view`).to.be.within(-2, 120);
        landings.push({ label, y: Math.round(window.scrollY) });
      }
      console.log(`[measure] JumpNav landings at ${width} px: ${JSON.stringify(landings)}`);
      for (let i = 0; i < landings.length; i++) {
        for (let j = i + 1; j < landings.length; j++) {
          const apart = Math.abs(landings[i].y - landings[j].y);
          expect(apart, `"${landings[i].label}" and "${landings[j].label}" land ${apart} px apart`).to.be.at.least(DISTINCT_PX);
        }
      }
    });
  }
});
