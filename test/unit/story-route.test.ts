import { describe, expect, it } from 'vitest';
import { hasBase, matchRoute, misconfiguredPath, normalizeBase, parseView, relativeToBase, viewFor } from '../../src/lib/story-route.js';

describe('base attribute', () => {
  it('defaults to the spec base path when absent or blank', () => {
    expect(normalizeBase(null)).toBe('/case-study/redcliffe-labs');
    expect(normalizeBase(undefined)).toBe('/case-study/redcliffe-labs');
    expect(normalizeBase('  ')).toBe('/case-study/redcliffe-labs');
  });

  it('tolerates trailing slashes and a missing leading slash', () => {
    expect(normalizeBase('/blog/story/')).toBe('/blog/story');
    expect(normalizeBase('/blog/story//')).toBe('/blog/story');
    expect(normalizeBase('blog/story')).toBe('/blog/story');
    expect(normalizeBase('/')).toBe('/');
  });
});

describe('routes', () => {
  it('shows the story at the base itself, with or without a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ kind: 'story' });
    expect(matchRoute('')).toEqual({ kind: 'story' });
  });

  it('shows the 404 page for any other path under the base', () => {
    expect(matchRoute('/nope')).toEqual({ kind: 'not-found', path: '/nope' });
    expect(matchRoute('/a/b/')).toEqual({ kind: 'not-found', path: '/a/b/' });
  });

  it('reads the page path relative to the base, by whole segments and ignoring case', () => {
    expect(relativeToBase('/case-study/redcliffe-labs', '/case-study/redcliffe-labs')).toBe('/');
    expect(relativeToBase('/case-study/redcliffe-labs', '/case-study/redcliffe-labs/')).toBe('/');
    expect(relativeToBase('/case-study/redcliffe-labs', '/Case-Study/Redcliffe-Labs/more')).toBe('/more');
    expect(relativeToBase('/case-study/redcliffe-labs', '/case-study/redcliffe-labs-2/')).toBe('~/case-study/redcliffe-labs-2/');
    expect(relativeToBase('/blog', '/elsewhere')).toBe('~/elsewhere');
    expect(relativeToBase('/', '/any/path')).toBe('/any/path');
  });

  it('decodes escapes before comparing, and keeps a malformed path as it is', () => {
    expect(relativeToBase('/blog/my story', '/blog/my%20story/')).toBe('/');
    expect(relativeToBase('/blog', '/blog/%E0%A4%A')).toBe('/%E0%A4%A');
  });

  it('tells a path outside the base apart (marked with ~)', () => {
    expect(matchRoute('~/elsewhere')).toEqual({ kind: 'outside-base', path: '/elsewhere' });
  });
});

describe('placement without a base', () => {
  it('tells a given base from none (absent or blank)', () => {
    expect(hasBase(null)).toBe(false);
    expect(hasBase(undefined)).toBe(false);
    expect(hasBase('  ')).toBe(false);
    expect(hasBase('/')).toBe(true);
    expect(hasBase('/blog/post')).toBe(true);
  });

  it('outside the base: the story when no base was given, the 404 page when the given one is wrong', () => {
    const outside = matchRoute('~/2026/11/25/a-post/');
    expect(viewFor(outside, null, false)).toBe('story');
    expect(viewFor(outside, null, true)).toBe('not-found');
    expect(viewFor(outside, null)).toBe('not-found');
    expect(misconfiguredPath(outside, null, false), 'no hint without a base').toBeNull();
    expect(misconfiguredPath(outside, null, true)).toBe('/2026/11/25/a-post/');
  });

  it('under the default base, routing is the same with or without the attribute', () => {
    for (const baseGiven of [false, true]) {
      expect(viewFor(matchRoute('/'), null, baseGiven)).toBe('story');
      expect(viewFor(matchRoute('/nope'), null, baseGiven)).toBe('not-found');
    }
  });

  it('an element that was shown under its base keeps that view outside it (a single-page host)', () => {
    expect(viewFor(matchRoute('~/x'), 'not-found', false)).toBe('not-found');
    expect(viewFor(matchRoute('~/x'), 'story', true)).toBe('story');
  });

  it('reads only the two views from server markup', () => {
    expect(parseView('story')).toBe('story');
    expect(parseView('not-found')).toBe('not-found');
    expect(parseView('404')).toBeUndefined();
    expect(parseView(null)).toBeUndefined();
  });
});

describe('endpoint attribute', () => {
  it('defaults to /api/download-case-study/ when absent or blank, and trims', async () => {
    const { normalizeEndpoint } = await import('../../src/lib/endpoint.js');
    expect(normalizeEndpoint(null)).toBe('/api/download-case-study/');
    expect(normalizeEndpoint('   ')).toBe('/api/download-case-study/');
    expect(normalizeEndpoint(' /leads ')).toBe('/leads');
  });
});

describe('known anchors', () => {
  it('tells the spec anchors from anything else', async () => {
    const { isAnchorId } = await import('../../src/shared/content.js');
    expect(isAnchorId('results')).toBe(true);
    expect(isAnchorId('what-stood-out')).toBe(true);
    expect(isAnchorId('top')).toBe(false);
    expect(isAnchorId('nope')).toBe(false);
  });
});
