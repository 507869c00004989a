/**
 * The story's `view` and `open` events for the lead server's numbers (/admin): a lazy chunk, loaded
 * when the page is idle, so the first download carries only the call that loads it.
 *
 * Each event is one navigator.sendBeacon to the element's lead endpoint itself, as text/plain
 * (`{"event":"view",…}`; no CORS preflight), and only when that lead server asked for them: the
 * `count-views` attribute, which `redcliffe-leads snippet`, its start page and the WordPress plugin
 * write for a `serve` server. Any other endpoint (a host's own, answering leads only) gets exactly
 * its leads. Nothing is stored on the visitor's device: the id that lets the server drop
 * duplicates is random, made once per page load and kept only in this module.
 *
 * Nothing is sent without `count-views`, in HubSpot mode (no lead server), with the `no-analytics`
 * attribute, or when the visitor asked not to be tracked (Global Privacy Control, Do Not Track).
 */
import { normalizeEndpoint } from './endpoint.js';

type StoryEvent = 'view' | 'open';

/**
 * Random per page load and story (not per visitor): the server counts one view and one open per id,
 * so two stories on one page need an id each.
 */
const pageLoadIds = new Map<string | undefined, string>();
const pageLoadId = (story: string | undefined): string => {
  let id = pageLoadIds.get(story);
  if (!id) {
    id =
      typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID() // secure contexts only
        : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    pageLoadIds.set(story, id);
  }
  return id;
};

/**
 * Events already sent from this page load, per story (several elements showing one story, a remount,
 * a dialog opened twice count once; two elements showing two stories count once each).
 */
const sent = new Set<string>();

/** Whether this element, on this visitor's browser, may report events at all. */
function allowed(host: Element): boolean {
  if (!host.hasAttribute('count-views') || host.hasAttribute('no-analytics')) return false;
  if (host.getAttribute('hubspot-portal') || host.getAttribute('hubspot-form')) return false; // HubSpot mode: no lead server
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl !== true && browser.doNotTrack !== '1' && typeof browser.sendBeacon === 'function';
}

/** Runs `send` when the browser is idle (or after a moment where requestIdleCallback is missing: Safari). */
function whenIdle(send: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 5_000 });
  else setTimeout(send, 1_000);
}

/** Reports `event` of `story` (undefined: the default story) from `host` once per page load, when the page is idle. */
export function reportStoryEvent(host: Element, event: StoryEvent, story: string | undefined): void {
  const key = `${story}:${event}`;
  if (sent.has(key) || !allowed(host)) return;
  sent.add(key);
  whenIdle(() => {
    const query = new URLSearchParams(location.search);
    // Only what /admin counts: the page without its query string or fragment (they can carry
    // anything, an email included), and the two utm values it groups by.
    const body = JSON.stringify({
      event,
      id: pageLoadId(story),
      ...(story ? { story } : {}),
      page_url: location.origin + location.pathname,
      utm_source: query.get('utm_source')?.trim().slice(0, 200) ?? '',
      utm_campaign: query.get('utm_campaign')?.trim().slice(0, 200) ?? '',
    });
    navigator.sendBeacon(new URL(normalizeEndpoint(host.getAttribute('endpoint')), document.baseURI), body);
  });
}

/** Reports a `view` the first time the story's hero is on screen (never on the 404 page, which has none). */
export function watchHero(host: Element, story: string | undefined): void {
  const hero = host.shadowRoot?.querySelector('.hero');
  if (!hero || sent.has(`${story}:view`) || !allowed(host) || typeof IntersectionObserver !== 'function') return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    reportStoryEvent(host, 'view', story);
  });
  observer.observe(hero);
}
