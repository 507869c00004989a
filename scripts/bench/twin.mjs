/**
 * The plain twin of a page (issue 42): the same page with the story as plain HTML. From the HTML as
 * served, each server-rendered element's declarative shadow root is moved into the document inside
 * `<div class="rcs-host">`, `:host` in its styles is read as `.rcs-host`, and every module script
 * (and module preload) is removed: the same words, styles and host site, with no element.
 *
 * A shadow root also keeps the host page's rules out of the story, which plain HTML does not: the
 * demo host's deliberately hostile sheet (`.page { display: none !important }`, Georgia on `*`)
 * would hide the story in the light DOM, and every ratio would compare the element with a page that
 * lays none of it out. So the twin scopes the host's own sheets with `@scope (:root) to (.rcs-host)`,
 * the platform's light-DOM boundary. (The story's rules need no scope: none of them changes the
 * host's header or footer; `npm run bench` checks that each twin renders pixel for pixel as its
 * element page before it measures.)
 *
 * Edits are made at the parser's source offsets (parse5), so every other byte of the page stays as served.
 */
import { parse } from 'parse5';

export const TWIN_CLASS = 'rcs-host';
const HOST = `.${TWIN_CLASS}`;

const attribute = (element, name) => element.attrs?.find((attr) => attr.name === name)?.value;
const children = (node) => [...(node.childNodes ?? []), ...(node.content?.childNodes ?? [])];

/** A shadow root's styles as light-DOM styles: `:host(<compound>)` as `.rcs-host<compound>`, `:host` as `.rcs-host`. */
export function twinCss(css) {
  let out = '';
  for (let at = 0; at < css.length;) {
    const next = css.indexOf(':host', at);
    if (next < 0) return out + css.slice(at);
    out += css.slice(at, next) + HOST;
    at = next + ':host'.length;
    if (css[at] !== '(') continue;
    let end = at;
    for (let depth = 0; end < css.length; end++) {
      if (css[end] === '(') depth++;
      else if (css[end] === ')' && --depth === 0) break;
    }
    out += css.slice(at + 1, end);
    at = end + 1;
  }
  return out;
}

/** The host page's own styles, kept out of the story as the shadow root keeps them out. */
export const hostCss = (css) => `@scope (:root) to (${HOST}) {${css}}`;

/** Where each `<tag>` element of `html` starts and ends (offsets into it), outside templates. */
export function elementRanges(html, tag = 'redcliffe-case-study') {
  const ranges = [];
  const walk = (node) => {
    if (node.tagName === tag) return void ranges.push({ start: node.sourceCodeLocation.startOffset, end: node.sourceCodeLocation.endOffset });
    node.childNodes?.forEach(walk);
  };
  walk(parse(html, { sourceCodeLocationInfo: true }));
  return ranges;
}

/**
 * The plain twin of `html`. `tag` is the element's name; `linkedSheet(href, inStory)` gives the URL
 * of a linked stylesheet's twin (its `:host` rewritten by `twinCss`, a host sheet scoped by
 * `hostCss`), which the caller serves. Throws when the page has no server-rendered element: a page
 * whose element renders on the client has no story in its HTML to move (its twin is the
 * server-rendered page's).
 */
export function plainTwin(html, { tag = 'redcliffe-case-study', linkedSheet = (href) => href } = {}) {
  const edits = [];
  const replace = (location, text) => edits.push({ start: location.startOffset, end: location.endOffset, text });
  const styleText = (element) => element.childNodes[0]?.sourceCodeLocation;
  let stories = 0;

  const walk = (node, inStory) => {
    const name = node.tagName;
    if (name === tag) {
      const root = node.childNodes.find((child) => child.tagName === 'template' && attribute(child, 'shadowrootmode') === 'open');
      if (!root) throw new Error(`<${tag}> without a declarative shadow root: the page renders it on the client, so it has no plain twin of its own.`);
      const { startTag, endTag } = node.sourceCodeLocation;
      const template = root.sourceCodeLocation;
      // The element's start tag and the template's: the div; the template's end tag, whatever the
      // element holds in its light DOM (no slot shows it) and the element's end tag: its end.
      edits.push({ start: startTag.startOffset, end: template.startTag.endOffset, text: `<div class="${TWIN_CLASS}">` });
      edits.push({ start: template.endTag.startOffset, end: endTag.endOffset, text: '</div>' });
      stories++;
      root.content.childNodes.forEach((child) => walk(child, true));
      return;
    }
    if (name === 'script' && attribute(node, 'type') === 'module') return void replace(node.sourceCodeLocation, '');
    if (name === 'link' && attribute(node, 'rel') === 'modulepreload') return void replace(node.sourceCodeLocation, '');
    if (name === 'style' && styleText(node)) {
      const text = node.childNodes[0].value;
      return void replace(styleText(node), inStory ? twinCss(text) : hostCss(text));
    }
    if (name === 'link' && attribute(node, 'rel') === 'stylesheet') {
      return void replace(node.sourceCodeLocation.attrs.href, `href="${linkedSheet(attribute(node, 'href'), inStory)}"`);
    }
    children(node).forEach((child) => walk(child, inStory));
  };
  walk(parse(html, { sourceCodeLocationInfo: true }), false);
  if (!stories) throw new Error(`The page has no <${tag}> to make plain.`);

  let out = html;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}
