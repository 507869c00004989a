import { isAnchorId, type AnchorId } from '../shared/content.js';

/** The known section a URL fragment names (`#cta`, percent-encoded or not), or null (empty, unknown, malformed). */
export function anchorFromHash(hash: string): AnchorId | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null; // a malformed escape such as "#%E0" names nothing
  }
  return isAnchorId(id) ? id : null;
}
