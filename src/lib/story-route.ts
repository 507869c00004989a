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

/**
 * Whether the `base` attribute names a base. Without one the element shows the story wherever it is
 * placed (a CMS post at any URL), except under the default base, where it routes as with one: the
 * story at the default base itself, the 404 page below it.
 */
export const hasBase = (attribute: string | null | undefined): boolean => (attribute ?? '').trim() !== '';

/** Decodes %-escapes as a browser shows them; a malformed one leaves the path as it is. */
function decodePath(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

/**
 * The page's path relative to `base`, the way `matchRoute` reads it (wouter's convention): the rest
 * after the base (`/` at the base itself), or `~` and the whole path when the page is outside it.
 * The base matches whole segments and ignores case; %-escapes are decoded first.
 */
export function relativeToBase(base: string, pathname: string): string {
  const root = base === '/' ? '' : decodePath(base);
  const path = decodePath(pathname);
  const inside = !root || `${path.toLowerCase()}/`.startsWith(`${root.toLowerCase()}/`);
  return inside ? path.slice(root.length) || '/' : `~${path}`;
}

export type RouteMatch = { kind: 'story' } | { kind: 'not-found'; path: string } | { kind: 'outside-base'; path: string };

/**
 * What to show for a path relative to the base (relativeToBase):
 * `/` (or empty) is the story, a path starting with `~` lies outside the base.
 */
export function matchRoute(relativePath: string): RouteMatch {
  if (relativePath.startsWith('~')) return { kind: 'outside-base', path: relativePath.slice(1) };
  if (relativePath === '' || relativePath === '/') return { kind: 'story' };
  return { kind: 'not-found', path: relativePath };
}

/** What the element shows: the story, or its 404 page. */
export type View = 'story' | 'not-found';

/**
 * The view for a route, given the last view shown at a path under the base (null: never, since
 * the base was last set) and whether the `base` attribute names one. Under the base: the story at
 * the base itself, the 404 page elsewhere (the spec). Outside it, an element that was shown under
 * its base belongs to a host app that now shows another of its pages (single-page navigation, a
 * route a framework keeps mounted but hidden): it keeps what it showed, so its state and height
 * survive and Back shows the story at once. One that never was under its base shows the story when
 * no base was given (placed on a page as it is), and the 404 page when the given base is wrong.
 */
export function viewFor(match: RouteMatch, lastUnderBase: View | null, baseGiven = true): View {
  if (match.kind === 'story') return 'story';
  if (match.kind === 'not-found') return 'not-found';
  return lastUnderBase ?? (baseGiven ? 'not-found' : 'story');
}

/** The page path when the route means a misconfigured `base` (given, and the page outside it, never under it), else null. */
export const misconfiguredPath = (match: RouteMatch, lastUnderBase: View | null, baseGiven = true): string | null =>
  baseGiven && match.kind === 'outside-base' && lastUnderBase === null ? match.path : null;

/** A view named in server-rendered markup, or undefined for anything else. */
export const parseView = (value: string | null | undefined): View | undefined => (value === 'story' || value === 'not-found' ? value : undefined);
