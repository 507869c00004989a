import { describe, expect, it } from 'vitest';
import { matchRoute, normalizeBase } from '../../src/lib/base-path.js';

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

  it('tells a path outside the base apart (wouter marks it with ~)', () => {
    expect(matchRoute('~/elsewhere')).toEqual({ kind: 'outside-base', path: '/elsewhere' });
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
