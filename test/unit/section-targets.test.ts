import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { misconfiguredPath, matchRoute, viewFor } from '../../src/lib/story-route.js';
import { anchorFromHash } from '../../src/lib/hash.js';
import { findHashTarget, findSection, scrollToSection, type ScrollEnvironment } from '../../src/lib/scroll.js';

/**
 * A tiny tree of roots: a page (document) with its own ids and hosts, each host with an open shadow
 * root of its own ids. Enough of Document/ShadowRoot for findDeep (getElementById, querySelectorAll).
 */
interface FakeNode {
  name: string;
  shadowRoot?: FakeRoot;
}
interface FakeRoot {
  getElementById(id: string): FakeNode | null;
  querySelectorAll(selector: string): FakeNode[];
}
function root(ids: Record<string, FakeNode>, hosts: FakeNode[] = []): FakeRoot {
  return {
    getElementById: (id) => ids[id] ?? null,
    querySelectorAll: () => [...Object.values(ids), ...hosts],
  };
}
const node = (name: string): FakeNode => ({ name });

/** Two story elements on one page, both with #cta and #results; the page has its own #contact. */
function twoElements() {
  const first = { cta: node('first #cta'), results: node('first #results') };
  const second = { cta: node('second #cta'), results: node('second #results') };
  const firstRoot = root(first);
  const secondRoot = root(second);
  const page = root({ contact: node('page #contact') }, [
    { name: 'first host', shadowRoot: firstRoot },
    { name: 'second host', shadowRoot: secondRoot },
  ]);
  const asRoot = (r: FakeRoot) => r as unknown as Document;
  const name = (el: unknown) => (el as FakeNode | null)?.name ?? null;
  return { first, second, firstRoot: asRoot(firstRoot), secondRoot: asRoot(secondRoot), page: asRoot(page), name };
}

describe('which section a scroll request means', () => {
  it("an element's buttons and scrollToSection() find its own section first", () => {
    const { firstRoot, secondRoot, page, name } = twoElements();
    expect(name(findSection('cta', secondRoot, page))).toBe('second #cta');
    expect(name(findSection('cta', firstRoot, page))).toBe('first #cta');
  });

  it('then the page: the document, then open shadow roots in tree order', () => {
    const { secondRoot, page, name } = twoElements();
    expect(name(findSection('contact', secondRoot, page))).toBe('page #contact');
    expect(name(findSection('cta', null, page))).toBe('first #cta');
    expect(findSection('nowhere', secondRoot, page)).toBeNull();
  });

  it('a #hash names the first section the page shows: a hidden element is skipped', () => {
    const { page, name } = twoElements();
    expect(name(findHashTarget('cta', page, () => true))).toBe('first #cta');
    const firstHidden = (el: HTMLElement) => !(el as unknown as FakeNode).name.startsWith('first');
    expect(name(findHashTarget('cta', page, firstHidden))).toBe('second #cta');
    expect(findHashTarget('cta', page, () => false)).toBeNull();
  });

  it("a #hash naming an id of the host page's own markup is the page's (the browser scrolls to it)", () => {
    const { firstRoot, name } = twoElements();
    const page = root({ cta: node('page #cta') }, [{ name: 'first host', shadowRoot: firstRoot as unknown as FakeRoot }]);
    expect(name(findHashTarget('cta', page as unknown as Document, () => true))).toBe('page #cta');
  });
});

describe('the page URL #hash', () => {
  it('names a known section, percent-encoded or not', () => {
    expect(anchorFromHash('#cta')).toBe('cta');
    expect(anchorFromHash('#challenge%2Dsolution')).toBe('challenge-solution');
    expect(anchorFromHash('results')).toBe('results');
  });

  it('names nothing when empty, unknown or malformed (no exception)', () => {
    expect(anchorFromHash('')).toBeNull();
    expect(anchorFromHash('#')).toBeNull();
    expect(anchorFromHash('#top')).toBeNull();
    expect(anchorFromHash('#contact')).toBeNull();
    expect(anchorFromHash('#%E0%A4%A')).toBeNull();
  });
});

describe('hash navigation scrolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function env(found: () => HTMLElement | null, extra: Partial<ScrollEnvironment> = {}) {
    const log: string[] = [];
    const target: ScrollEnvironment = {
      find: found,
      scrollToElement: () => log.push('element'),
      scrollToTop: () => log.push('top'),
      documentTop: () => 100,
      reducedMotion: () => false,
      focus: () => log.push('focus'),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      ...extra,
    };
    return { env: target, log };
  }
  const section = { isConnected: true } as unknown as HTMLElement;

  it('leaves the page alone when another element owns the section', async () => {
    const { env: e, log } = env(() => section, { owns: () => false });
    await expect(scrollToSection('cta', e)).resolves.toBe('elsewhere');
    expect(log).toEqual([]);
  });

  it('the owner scrolls and moves focus', async () => {
    const { env: e, log } = env(() => section, { owns: () => true });
    const done = scrollToSection('cta', e);
    await vi.advanceTimersByTimeAsync(300);
    await expect(done).resolves.toBe('scrolled');
    expect(log).toEqual(['element', 'focus']);
  });

  it('a section that never appears leaves the position alone (no jump to the top)', async () => {
    const { env: e, log } = env(() => null, { whenMissing: 'stay' });
    const done = scrollToSection('cta', e);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe('missing');
    expect(log).toEqual([]);
  });

  it('a newer navigation cancels a pending retry and the 300 ms correction', async () => {
    let aborted = false;
    const late = env(() => null, { cancelled: () => aborted });
    const retrying = scrollToSection('cta', late.env);
    await vi.advanceTimersByTimeAsync(200);
    aborted = true;
    await vi.advanceTimersByTimeAsync(200);
    await expect(retrying).resolves.toBe('cancelled');
    expect(late.log, 'no scroll to the top after Back').toEqual([]);

    aborted = false;
    let top = 100;
    const moving = env(() => section, { cancelled: () => aborted, documentTop: () => top });
    const correcting = scrollToSection('cta', moving.env);
    top = 400; // the page moved, which would call for a correction…
    aborted = true; // …but the visitor pressed Back meanwhile
    await vi.advanceTimersByTimeAsync(300);
    await expect(correcting).resolves.toBe('cancelled');
    expect(moving.log).toEqual(['element', 'focus']);
  });
});

describe('single-page apps: what the element shows', () => {
  const story = matchRoute('/');
  const unknown = matchRoute('/nope');
  const outside = matchRoute('~/pricing');

  it('under the base: the story at the base, the 404 page elsewhere', () => {
    expect(viewFor(story, null)).toBe('story');
    expect(viewFor(unknown, 'story')).toBe('not-found');
  });

  it('outside the base after being shown under it: keeps what it showed (the host app is elsewhere)', () => {
    expect(viewFor(outside, 'story')).toBe('story');
    expect(viewFor(outside, 'not-found')).toBe('not-found');
    expect(misconfiguredPath(outside, 'story')).toBeNull();
  });

  it('outside the base without ever being under it: misconfigured, the 404 page and a hint', () => {
    expect(viewFor(outside, null)).toBe('not-found');
    expect(misconfiguredPath(outside, null)).toBe('/pricing');
    expect(misconfiguredPath(story, null)).toBeNull();
    expect(misconfiguredPath(unknown, null)).toBeNull();
  });
});
