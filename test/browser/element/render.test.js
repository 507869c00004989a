import { expect, html, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse, setViewport } from '@web/test-runner-commands';
import { $, $$, ANCHORS, HEADLINE, TAG, byText, centre, renderStory, seen, text } from './helpers.js';

/** Every node in a shadow root, nested shadow roots included. */
function allNodes(root) {
  const out = [];
  for (const node of root.querySelectorAll('*')) {
    out.push(node);
    if (node.shadowRoot) out.push(...allNodes(node.shadowRoot));
  }
  return out;
}

describe('<redcliffe-case-study> renders the story', () => {
  before(() => setViewport({ width: 1280, height: 800 }));
  afterEach(() => resetMouse());

  describe('shadow root and styles', () => {
    it('renders into an open shadow root, styled by one adopted stylesheet shared by every instance', async () => {
      const headBefore = document.head.innerHTML;
      const sheetsBefore = document.styleSheets.length;
      const adoptedBefore = document.adoptedStyleSheets.length;

      const [a, b] = await Promise.all([renderStory(), renderStory()]);
      expect(a.shadowRoot, 'open shadow root').to.exist;
      expect(a.shadowRoot.mode).to.equal('open');
      expect(text(a.shadowRoot.querySelector('h1'))).to.equal(HEADLINE);

      expect(a.shadowRoot.adoptedStyleSheets.length).to.be.at.least(1);
      expect(a.shadowRoot.adoptedStyleSheets[0]).to.be.instanceOf(CSSStyleSheet);
      expect(a.shadowRoot.adoptedStyleSheets[0]).to.equal(b.shadowRoot.adoptedStyleSheets[0]);
      // The sheet really styles the content (not unstyled HTML): the primary button is filled.
      const button = byText(a, 'button', 'Read Full Customer Story');
      expect(getComputedStyle(button).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');

      expect(document.head.innerHTML, 'nothing added to <head>').to.equal(headBefore);
      expect(document.styleSheets.length, 'no document stylesheet added').to.equal(sheetsBefore);
      expect(document.adoptedStyleSheets.length, 'no sheet adopted by the document').to.equal(adoptedBefore);
    });

    it('has no <style> element and no style attribute inside, also after the slider moved', async () => {
      const el = await renderStory();
      const check = () => {
        const nodes = allNodes(el.shadowRoot);
        expect(
          nodes.filter((n) => n.localName === 'style'),
          '<style> elements',
        ).to.have.length(0);
        expect(nodes.filter((n) => n.hasAttribute('style')).map((n) => n.outerHTML.slice(0, 80))).to.deep.equal([]);
      };
      check();

      const handle = $(el, '[role="slider"]');
      handle.focus();
      await sendKeys({ press: 'ArrowRight' });
      const track = $(el, '.compare__track');
      const r = track.getBoundingClientRect();
      const { y } = centre(track);
      await sendMouse({ type: 'click', position: [Math.round(r.left + r.width * 0.3), y] });
      await waitUntil(() => handle.getAttribute('aria-valuenow') !== '55', 'click did not move the slider');
      check();
    });
  });

  describe('texts', () => {
    it('shows the hero: badge, headline, button, the eight comparison points and the drag hint', async () => {
      const el = await renderStory();
      expect(text($(el, '.badge'))).to.equal('Customer Story');
      const h1s = $$(el, 'h1');
      expect(h1s, 'exactly one h1').to.have.length(1);
      expect(text(h1s[0])).to.equal(HEADLINE);
      const readMore = byText(el, 'button', 'Read Full Customer Story');
      expect(readMore, 'Read Full Customer Story button').to.exist;
      expect(readMore.checkVisibility()).to.be.true;

      const before = $$(el, '.compare__pane--before li').map(text);
      const after = $$(el, '.compare__pane--after li').map(text);
      expect(before).to.deep.equal(['Unreliable PSTN network', 'Complex support access', 'Low patient satisfaction', 'Poor customer loyalty']);
      expect(after).to.deep.equal(['Seamless IP-based connectivity', 'Instant in-chat support', '22% higher CSAT score', '25% increase in NPS']);
      expect(text($(el, '.compare figcaption'))).to.equal('Drag to compare');
    });

    it('shows the testimonial of a named Chief Marketing & Customer Officer with a safe profile link', async () => {
      const el = await renderStory();
      const section = el.shadowRoot.getElementById('leadership-perspective');
      expect(text(section.querySelector('blockquote')).length, 'a quote').to.be.greaterThan(40);
      expect(text(section)).to.contain('Chief Marketing & Customer Officer');
      const name = text(section.querySelector('.testimonial__name'));
      expect(name, 'a named person').to.match(/^\S+ \S+/);

      const link = section.querySelector('a');
      expect(link, 'profile link').to.exist;
      expect(new URL(link.href).protocol).to.equal('https:');
      expect(link.target).to.equal('_blank');
      expect(link.relList.contains('noopener')).to.be.true;
      expect(link.relList.contains('noreferrer')).to.be.true;
      expect(text(link).length, 'link text').to.be.greaterThan(0);
    });

    it('shows About with its figures, Challenges, The Solution and the Impact cards', async () => {
      const el = await renderStory();
      const section = el.shadowRoot.getElementById('challenge-solution');
      const block = (title) => byText(el, 'h3', title)?.parentElement;

      const about = block('About');
      expect(about, 'About block').to.exist;
      const stats = [...about.querySelectorAll('dl > div')].map((pair) => [text(pair.querySelector('dd')), text(pair.querySelector('dt'))]);
      expect(stats).to.deep.equal([
        ['220+', 'cities'],
        ['80+', 'labs'],
        ['2,000+', 'collection centers'],
      ]);

      const challenges = text(block('Challenges'));
      expect(challenges).to.match(/time-sensitive/i);
      expect(challenges).to.contain('PSTN');
      expect(challenges).to.contain('dialer');

      const solution = text(block('The Solution'));
      expect(solution).to.match(/WhatsApp platform/);
      expect(solution).to.match(/chat and voice/);
      expect(solution).to.match(/in-chat calling/i);

      expect(text(block('Impact'))).to.exist;
      // The results are a band right under the hero, each figure with its period and baseline.
      const cards = [...el.shadowRoot.getElementById('results').querySelectorAll('.card')];
      expect(cards).to.have.length(3);
      const statement = (card) => seen(card.querySelector('.card__value')) + ' ' + seen(card.querySelector('.card__label'));
      expect(statement(cards[0])).to.equal('22% improvement in CSAT');
      expect(statement(cards[1])).to.equal('25% increase in NPS');
      expect(seen(cards[2].querySelector('.card__label'))).to.equal('Improved customer connectivity and patient experience');
      expect(seen(cards[0].querySelector('.card__basis'))).to.equal('Six months after launch, against six months before on PSTN');
      expect(section.contains(cards[0]), 'not repeated in the Impact block').to.equal(false);
      expect(section.querySelectorAll('.card')).to.have.length(0);
    });

    it('shows the lazy call to action with a Download button and the JumpNav', async () => {
      const el = await renderStory();
      const cta = el.shadowRoot.getElementById('cta');
      const download = [...cta.querySelectorAll('button')].find((b) => /Download/.test(text(b)));
      expect(download, 'a Download button in the call to action').to.exist;
      const nav = $(el, 'nav');
      const labels = [...nav.querySelectorAll('button')].map(text);
      expect(labels).to.have.length(ANCHORS.length + 1);
      expect(labels).to.include('Back to top');
    });

    it('puts the sections in the order of the spec: hero, testimonial, challenge/solution, call to action, JumpNav', async () => {
      const el = await renderStory();
      const order = [
        $(el, '.hero'),
        el.shadowRoot.getElementById('leadership-perspective'),
        el.shadowRoot.getElementById('challenge-solution'),
        el.shadowRoot.getElementById('cta'),
        $(el, 'nav'),
      ];
      for (let i = 1; i < order.length; i++) {
        expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING, `section ${i}`).to.not.equal(0);
        expect(order[i - 1].getBoundingClientRect().top).to.be.below(order[i].getBoundingClientRect().top);
      }
    });
  });

  describe('anchors', () => {
    it('has every known anchor of the spec inside the shadow root', async () => {
      const el = await renderStory();
      for (const id of ANCHORS) {
        const target = el.shadowRoot.getElementById(id);
        expect(target, `#${id}`).to.exist;
        expect(target.getClientRects().length, `#${id} is rendered`).to.be.greaterThan(0);
      }
      // The results band sits right under the hero; The Solution is what stood out.
      expect(el.shadowRoot.querySelector('.hero').nextElementSibling.firstElementChild).to.equal(el.shadowRoot.getElementById('results'));
      expect(text(el.shadowRoot.getElementById('what-stood-out').querySelector('h3'))).to.equal('The Solution');
    });
  });

  describe('light-DOM fallback', () => {
    it('does not render fallback content placed inside the element', async () => {
      const el = await renderStory(html`<redcliffe-case-study><a href="/x.pdf">PDF</a></redcliffe-case-study>`);
      const fallback = el.querySelector('a');
      expect(fallback, 'fallback stays in the light DOM').to.exist;
      expect(fallback.getClientRects().length).to.equal(0);
      expect(customElements.get(TAG)).to.exist;
    });
  });
});
