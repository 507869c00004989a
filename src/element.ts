import r2wc from '@r2wc/react-to-web-component';
import { flushSync } from 'react-dom';
import { App } from './components/App/App.js';
import { anchors, isAnchorId } from './content.js';
import { scrollInPage } from './lib/browser-scroll.js';
import { normalizeBase } from './lib/base-path.js';
import { normalizeEndpoint } from './lib/endpoint.js';
import { requestOpenDownload } from './lib/host-bridge.js';
import { TOP } from './lib/scroll.js';
import { caseStudySheet } from './styles/sheet.js';
import { VERSION } from './version.js';

/** r2wc's own keys (registered symbols, stable across its 2.x releases). */
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const CONTEXT = Symbol.for('r2wc.context');

/** Attribute name → property name. */
const ATTRIBUTES = { base: 'base', endpoint: 'endpoint', 'form-url': 'formUrl' } as const;
type AttributeName = keyof typeof ATTRIBUTES;

interface R2wcElement extends HTMLElement {
  [PROPS]: Record<string, unknown>;
  [CONTEXT]?: unknown;
  [RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

/**
 * First renders wait for one task and then run together: 50 instances on a page cost one
 * style and layout pass instead of fifty (React would otherwise commit each root in its own task).
 */
const waitingToMount = new Set<() => void>();
function mountSoon(mount: () => void) {
  if (waitingToMount.size === 0) setTimeout(mountWaiting);
  waitingToMount.add(mount);
}
function mountWaiting() {
  const batch = [...waitingToMount];
  waitingToMount.clear();
  flushSync(() => batch.forEach((mount) => mount()));
}

function bootPlaceholder(): HTMLDivElement {
  const boot = document.createElement('div');
  boot.className = 'boot';
  return boot;
}

/**
 * The `<redcliffe-case-study>` customer story with its gated one-page PDF download.
 *
 * Content the host page puts inside the element (for example a link to the PDF) is a fallback:
 * shown until the element upgrades, hidden after (the shadow root has no slot). Reserve the
 * element's space before upgrade with
 * `redcliffe-case-study:not(:defined) { display: flow-root; min-height: 100vh; }`.
 *
 * @tag redcliffe-case-study
 * @summary Redcliffe Labs × WhatsApp Calling customer story, rendered in an open shadow root.
 *
 * @attr {string} [base="/case-study/redcliffe-labs"] - Path the story is mounted at; a trailing slash is tolerated. Other paths under it show the 404 page. Reflected by the `base` property.
 * @attr {string} [endpoint="/api/download-case-study/"] - Where the download form POSTs its JSON. Reflected by the `endpoint` property.
 * @attr {string} [form-url=""] - The marketing-automation form endpoint, sent as `url` in the payload. Reflected by the `formUrl` property.
 *
 * @fires {CustomEvent<{ endpoint: string }>} case-study-submit - A valid form is being sent (no personal data in `detail`).
 * @fires {CustomEvent<{ pdfUrl: string }>} case-study-download - The PDF download started.
 * @fires {CustomEvent<{ message: string }>} case-study-error - The submission or download failed.
 *
 * @csspart hero - The hero block (badge, headline, button, comparison).
 * @csspart slider - The before/after comparison.
 * @csspart cta-button - The call-to-action "Download" button.
 * @csspart dialog - The download dialog.
 *
 * @cssprop [--rcs-brand=#25d366] - Brand accent colour.
 * @cssprop [--rcs-brand-deep=#075e54] - Dark brand colour (buttons, figures).
 * @cssprop [--rcs-font-family=system-ui stack] - Font family of everything inside.
 * @cssprop [--rcs-radius=1em] - Corner radius of cards and panels.
 * @cssprop [--rcs-max-width=72em] - Maximum width of the content column.
 */
export function createCaseStudyElement(): CustomElementConstructor {
  const Base = r2wc(App, {
    shadow: 'open',
    props: { base: 'string', endpoint: 'string', formUrl: 'string' },
  }) as unknown as new () => R2wcElement;

  class RedcliffeCaseStudyElement extends Base {
    static readonly version = VERSION;

    constructor() {
      super();
      // One constructable stylesheet for every instance: no <style> tags, no style attributes.
      this.shadowRoot!.adoptedStyleSheets = [caseStudySheet()];
      this.shadowRoot!.append(this.boot);
    }

    /** Holds the element's space from upgrade to first render (no layout shift); removed on mount. */
    private readonly boot = bootPlaceholder();

    override connectedCallback() {
      if (this[CONTEXT]) {
        super.connectedCallback(); // moved in the DOM: already rendered
        return;
      }
      mountSoon(() => {
        if (!this.isConnected || this[CONTEXT]) return;
        super.connectedCallback();
        this.boot.remove();
      });
    }

    /**
     * Removing an attribute restores its default (r2wc alone ignores removals). Before the first
     * render, attributes are only remembered: the batched mount renders them.
     */
    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (!(name in ATTRIBUTES)) return;
      const property = ATTRIBUTES[name as AttributeName];
      if (newValue === null) delete this[PROPS][property];
      else if (!this[CONTEXT]) this[PROPS][property] = newValue;
      else return super.attributeChangedCallback(name, oldValue, newValue);
      if (this[CONTEXT]) this[RENDER]();
    }

    /** A move (remove + insert in one task) keeps the React tree and its state. */
    override disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) super.disconnectedCallback();
      });
    }

    /** Path the story is mounted at (the `base` attribute, or its default). */
    get base(): string {
      return normalizeBase(this.getAttribute('base'));
    }
    set base(value: string | null | undefined) {
      this.reflect('base', value);
    }

    /** Where the download form POSTs (the `endpoint` attribute, or its default). */
    get endpoint(): string {
      return normalizeEndpoint(this.getAttribute('endpoint'));
    }
    set endpoint(value: string | null | undefined) {
      this.reflect('endpoint', value);
    }

    /** The marketing-automation form endpoint sent as `url` (the `form-url` attribute). */
    get formUrl(): string {
      return this.getAttribute('form-url') ?? '';
    }
    set formUrl(value: string | null | undefined) {
      this.reflect('form-url', value);
    }

    /**
     * Scroll to a known section (`challenge-solution`, `business-impact`, `results`,
     * `leadership-perspective`, `what-stood-out`, `cta`) or `top`, leaving the 80 px header offset.
     */
    scrollToSection(id: string): void {
      if (id !== TOP && !isAnchorId(id)) {
        console.warn(
          `<redcliffe-case-study>: scrollToSection("${id}") is not a known section; ` +
            `use one of ${anchors.map((anchor) => `"${anchor.id}"`).join(', ')} or "top".`,
        );
      }
      void scrollInPage(String(id), this.shadowRoot);
    }

    /** Open the download dialog. */
    openDownload(): void {
      requestOpenDownload(this);
    }

    private reflect(attribute: AttributeName, value: string | null | undefined) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      else this.setAttribute(attribute, String(value));
    }
  }

  return RedcliffeCaseStudyElement;
}
