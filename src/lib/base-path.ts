import { DEFAULT_BASE } from './constants.js';

/**
 * The route base from the element's `base` attribute: default when absent or blank,
 * one trailing slash tolerated (and dropped), always starting with `/`.
 */
export function normalizeBase(attribute: string | null | undefined): string {
  const raw = (attribute ?? '').trim();
  if (!raw) return DEFAULT_BASE;
  const withSlash = raw.startsWith('/') ? raw : `/${raw}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  return trimmed || '/';
}

export type RouteMatch =
  | { kind: 'story' }
  | { kind: 'not-found'; path: string }
  | { kind: 'outside-base'; path: string };

/**
 * What to show for a path relative to the base, as wouter reports it:
 * `/` (or empty) is the story, a path starting with `~` lies outside the base.
 */
export function matchRoute(relativePath: string): RouteMatch {
  if (relativePath.startsWith('~')) return { kind: 'outside-base', path: relativePath.slice(1) };
  if (relativePath === '' || relativePath === '/') return { kind: 'story' };
  return { kind: 'not-found', path: relativePath };
}
