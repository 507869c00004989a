/** What the server-rendered HTML tests share (not a test file itself). */
import { STORY_PATH, TAG } from '../element/helpers.js';

/** The element's HTML as renderCaseStudy returns it for `path` (./fixtures.mjs); `query` adds options (`&styles=inline`). */
export async function serverHtml(path = STORY_PATH, query = '') {
  const response = await fetch(`/__ssr/element?path=${encodeURIComponent(path)}${query}`);
  return response.text();
}

/** Puts the HTML in the page the way the parser handles a server's response (declarative shadow roots attached). */
export function insert(html) {
  const holder = document.createElement('div');
  holder.className = 'ssr-holder';
  document.body.append(holder);
  holder.setHTMLUnsafe(html);
  return holder.querySelector(TAG);
}

/** The browser's next idle period. */
export const idle = () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 }));
