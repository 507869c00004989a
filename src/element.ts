import r2wc from '@r2wc/core';
import { App } from './components/App/App.js';
import { isAnchorId } from './shared/content.js';
import { scrollInPage } from './lib/lazy-scroll.js';
import { normalizeBase } from './lib/story-route.js';
import { normalizeEndpoint } from './lib/endpoint.js';
import { requestOpenDownload } from './lib/host-bridge.js';
import { TOP } from './lib/constants.js';
import { BOOLEAN_ATTRIBUTES, propOf } from './render/attributes.js';
import { hydrateNow, tell } from './render/hydration.js';
import { renderer, rerender } from './render/renderer.js';
import type { Story } from './shared/story/story.generated.js';
import { setUpShadowRoot } from './render/shadow-root.js';
import { VERSION } from './version.js';

/**
 * The `<redcliffe-case-study>` customer story with its gated one-page PDF download.
 *
 * Server-rendered HTML (`renderCaseStudy` from `redcliffe-case-study/ssr`, a declarative shadow root)
 * is kept and hydrated once it is near the viewport and the browser is idle, at the first interaction
 * or at `openDownload()`; rendered with the
 * `defer-hydration` attribute, it waits until the page removes that attribute, then hydrates. Without it, the element
 * renders on the client; content the host page puts inside an empty element (for example a link to
 * the PDF) is then a fallback: shown until the element upgrades, hidden after (the shadow root has no
 * slot). Reserve an empty element's space before upgrade with
 * `redcliffe-case-study:not(:defined) { display: flow-root; min-height: 100vh; }`.
 *
 * @tag redcliffe-case-study
 * @summary Redcliffe Labs × WhatsApp Calling customer story, rendered in an open shadow root.
 *
 * @attr {string} [src=""] - The URL of a story file (JSON, checked by `redcliffe-case-study/story.schema.json`; absolute or relative to the page), fetched with CORS once per URL however many elements show it. Its relative addresses (logo, photo) are read against the file's own URL. Absent, the default story (Redcliffe Labs), with no request; a file that is missing, not JSON or not a valid story shows a short message in the element's box and one console error naming the URL and the fields. The `story` property takes precedence. Reflected by the `src` property.
 * @attr {string} [base="/case-study/redcliffe-labs"] - Path the story is mounted at; a trailing slash is tolerated. Other paths under it show the 404 page, and so does a page outside it. Without it the story shows at any URL (a CMS post, a preview), except below `/case-study/redcliffe-labs`, which routes as the default base. Reflected by the `base` property.
 * @attr {string} [endpoint="/api/download-case-study/"] - Where the download form POSTs its JSON. Reflected by the `endpoint` property.
 * @attr {string} [form-url=""] - The marketing-automation form endpoint, sent as `url` in the payload. Reflected by the `formUrl` property.
 * @attr {string} [contact-url=""] - Where a visitor reaches a person (a page, `mailto:` or `tel:`): the next step shown after a download, and the way forward when sending fails. Absent, no such link. Reflected by the `contactUrl` property.
 * @attr {string} [contact-label="Talk to our team"] - The text of the `contact-url` link. Reflected by the `contactLabel` property.
 * @attr {string} [privacy-url=""] - The privacy notice: a line under the download form (dialog and no-JavaScript form) says what the details are used for and links here. Absent, no line. Reflected by the `privacyUrl` property.
 * @attr {string} [consent-text=""] - The words of an optional consent box under the download form (dialog and no-JavaScript form), never ticked until the visitor ticks it, such as "Send me news about WhatsApp Calling by email.". The lead keeps these words, the privacy line and whether the box was ticked; HubSpot gets them as its `legalConsentOptions`. Absent, no box. Reflected by the `consentText` property.
 * @attr {string} [hubspot-subscription-type=""] - The HubSpot subscription type (digits) the consent box subscribes to: sent with the box's state in HubSpot mode. Reflected by the `hubspotSubscriptionType` property.
 * @attr {string} [hubspot-portal=""] - Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property.
 * @attr {string} [hubspot-form=""] - The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property.
 * @attr {string} [pdf-url=""] - The PDF a visitor gets in HubSpot mode, and the one handed over with `pdf-on-failure`; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property.
 * @attr {boolean} [pdf-on-failure] - When the lead could not be sent (after the automatic retries), the failure message also links the PDF (`pdf-url`, or the packaged one-pager): the visitor gets the case study even though no lead was recorded. Off by default: without it, only sent leads get the PDF. Reflected by the `pdfOnFailure` property.
 * @attr {boolean} [count-views] - The lead server at `endpoint` counts the story's views and form opens for its /admin numbers (`redcliffe-leads snippet`, its start page and the WordPress plugin write it for a `redcliffe-leads serve` server). Only then, and never with `no-analytics`, the element reports once per page load when the story's hero is first on screen and when the download dialog opens: a beacon to `endpoint` with the page's address (no query string), its `utm_source` and `utm_campaign` and a random id per page load; no cookie, nothing stored on the visitor's device, and nothing at all for a visitor with Global Privacy Control or Do Not Track. HubSpot mode sends none. Without it the lead endpoint gets exactly its leads. Reflected by the `countViews` property.
 * @attr {boolean} [no-analytics] - Sends no `view` or `open` events, even with `count-views` (a site that does not count its visitors). Reflected by the `noAnalytics` property.
 * @attr {string} [testimonial-name="Ananya Mehra"] - The quoted person's name (a placeholder until marketing confirms it). Reflected by the `testimonialName` property.
 * @attr {string} [testimonial-title="Chief Marketing & Customer Officer"] - Their title, shown before the company's name (a placeholder until confirmed). Reflected by the `testimonialTitle` property.
 * @attr {string} [testimonial-url=""] - Their profile (an `https:`/`http:` or relative address): the link under the quote reads "View <name>’s profile". Absent, the link goes to Redcliffe Labs' company page on LinkedIn and says so. Reflected by the `testimonialUrl` property.
 * @attr {string} [testimonial-photo=""] - A photo of them (an `https:`/`http:` or relative image address), shown round in place of their initials. Absent, the initials. Reflected by the `testimonialPhoto` property.
 *
 * @fires {CustomEvent<{ endpoint: string }>} case-study-submit - A valid form is being sent; `detail.endpoint` is the absolute URL it goes to (no personal data). Not fired when the PDF address is reused from the 5-minute cache (no lead is sent then).
 * @fires {CustomEvent<{ pdfUrl: string }>} case-study-download - The PDF was saved (or opened in a new tab when CORS refused the fetch); the dialog closes and the form is cleared.
 * @fires {CustomEvent<{ message: string }>} case-study-error - The submission or the download failed; the visitor sees a message in the dialog and keeps what they typed.
 *
 * @csspart hero - The hero block (badge, headline, button, comparison).
 * @csspart slider - The before/after comparison.
 * @csspart cta-button - The call-to-action "Download" button.
 * @csspart dialog - The download dialog.
 *
 * @cssprop [--rcs-brand=#25d366] - Brand accent colour; in the illustrations the call card's sound wave, the quote mark, the ring round the initials.
 * @cssprop [--rcs-brand-deep=#075e54] - Dark brand colour: buttons, figures, the testimonial's background, the icons.
 * @cssprop [--rcs-brand-soft=#e7f8ee] - Tinted panels: the icons' badges, the Impact block.
 * @cssprop [--rcs-ink=#10231f] - Text colour.
 * @cssprop [--rcs-muted=#4f5d5a] - Secondary text colour.
 * @cssprop [--rcs-font-family=system-ui stack] - Font family of everything inside.
 * @cssprop [--rcs-radius=1em] - Corner radius of cards and panels.
 * @cssprop [--rcs-max-width=72em] - Maximum width of the content column.
 * @cssprop [--rcs-focus=#0a66c2] - Focus ring on light backgrounds (keep it 3:1 against them).
 * @cssprop [--rcs-focus-on-dark=#fff] - Focus ring inside the dark testimonial band.
 *
 * @attr {boolean} defer-hydration - On server-rendered HTML: the element keeps the server's markup untouched until the page removes this attribute, then hydrates (the community convention). No property; the element reads it itself.
 */
export function createCaseStudyElement(): CustomElementConstructor {
  // Why the element hydrates its declarative shadow root itself. The wrapper package,
  // @r2wc/react-to-web-component, cannot hydrate server-rendered markup: it attaches the shadow root
  // with attachShadow(), which empties the declarative root the server rendered, and it always
  // renders with createRoot(). So the element runs on @r2wc/core, which keeps the attribute and
  // property mapping and takes a renderer: no `shadow` option (the constructor keeps or attaches the
  // root, setUpShadowRoot), and render/renderer.ts hydrates that root with hydrateRoot() when it holds
  // server markup (when idle, or once the page removes `defer-hydration`) or renders into it otherwise.
  const Base = r2wc(
    App,
    {
      props: {
        src: 'string',
        base: 'string',
        endpoint: 'string',
        formUrl: 'string',
        contactUrl: 'string',
        contactLabel: 'string',
        privacyUrl: 'string',
        consentText: 'string',
        hubspotSubscriptionType: 'string',
        hubspotPortal: 'string',
        hubspotForm: 'string',
        pdfUrl: 'string',
        pdfOnFailure: 'boolean',
        countViews: 'boolean',
        noAnalytics: 'boolean',
        testimonialName: 'string',
        testimonialTitle: 'string',
        testimonialUrl: 'string',
        testimonialPhoto: 'string',
      },
    },
    renderer,
  );

  class RedcliffeCaseStudyElement extends Base {
    static readonly version = VERSION;

    #story: Story | undefined;

    constructor() {
      super();
      setUpShadowRoot(this);
    }

    /**
     * The story shown, as an object (for frameworks; typed by `Story`, checked like a file): instead
     * of `src`'s. Undefined: `src`'s, or the default story.
     */
    get story(): Story | undefined {
      return this.#story;
    }

    set story(value: Story | null | undefined) {
      this.#story = value ?? undefined;
      rerender(this);
    }

    /**
     * Scroll to a known section (`challenge-solution`, `business-impact`, `results`,
     * `leadership-perspective`, `what-stood-out`, `cta`) or `top`, leaving the 80 px header offset.
     */
    scrollToSection(id: string): void {
      if (id !== TOP && !isAnchorId(id)) {
        tell('unknownSection', [id]);
      }
      void scrollInPage(String(id), this.shadowRoot);
    }

    /** Open the download dialog. */
    openDownload(): void {
      hydrateNow(this);
      requestOpenDownload(this);
    }
  }

  // One property per attribute (the r2wc props above), made in a loop rather than written out:
  // fifteen hand-written accessor pairs cost the first download bytes that buy nothing. Each reads
  // the attribute (so a removed one means its default) and writes it; null or undefined removes it.
  for (const attribute of (RedcliffeCaseStudyElement as unknown as { observedAttributes: string[] }).observedAttributes) {
    const boolean = BOOLEAN_ATTRIBUTES.includes(attribute);
    Object.defineProperty(RedcliffeCaseStudyElement.prototype, propOf(attribute), {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        const value = this.getAttribute(attribute);
        if (boolean) return value !== null;
        return attribute === 'base' ? normalizeBase(value) : attribute === 'endpoint' ? normalizeEndpoint(value) : (value ?? '');
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined || (boolean && value === false)) this.removeAttribute(attribute);
        else this.setAttribute(attribute, boolean ? '' : String(value));
      },
    });
  }

  return RedcliffeCaseStudyElement;
}
