/**
 * The plain twin `npm run bench` measures the element against (scripts/bench/twin.mjs), made from
 * the demo's pages as the demo serves them, and the bench's own pages (scripts/bench/site.mjs): no
 * element left, no module script, the same text, `:host` read as `.rcs-host`, the host's sheet kept
 * out of the story. (That the twin also renders pixel for pixel as its element page is checked by
 * the bench itself before it measures, in the browser.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../demo/ensure-built.mjs';
import { ASSET_BASE, PAGES, startDemoServer, type DemoServer } from '../../demo/server.mjs';
import { FIFTY, startBenchSite } from '../../scripts/bench/site.mjs';
import { plainTwin, twinCss } from '../../scripts/bench/twin.mjs';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const TAG = 'redcliffe-case-study';
const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** Every element of the document, shadow roots' (template contents') included, in tree order. */
function elements(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if (isElement(node)) found.push(node);
    const template = node as DefaultTreeAdapterMap['template'];
    for (const child of [...('childNodes' in node ? node.childNodes : []), ...(template.content?.childNodes ?? [])]) walk(child);
  };
  walk(parse(html));
  return found;
}

/** What a reader reads: the text of every node but scripts and styles, shadow roots included, whitespace collapsed. */
function text(html: string): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterMap['textNode']).value);
    if (isElement(node) && ['script', 'style'].includes(node.tagName)) return;
    const template = node as DefaultTreeAdapterMap['template'];
    for (const child of [...('childNodes' in node ? node.childNodes : []), ...(template.content?.childNodes ?? [])]) walk(child);
  };
  walk(parse(html));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const styles = (html: string) => elements(html).filter((element) => element.tagName === 'style');
const styleText = (element: Element) => (element.childNodes[0] as DefaultTreeAdapterMap['textNode']).value;
const moduleScripts = (html: string) =>
  elements(html).filter(
    (element) =>
      (element.tagName === 'script' && attribute(element, 'type') === 'module') ||
      (element.tagName === 'link' && attribute(element, 'rel') === 'modulepreload'),
  );
const hosts = (html: string) => elements(html).filter((element) => element.tagName === 'div' && attribute(element, 'class') === 'rcs-host');

const root = fileURLToPath(new URL('../..', import.meta.url));
let demo: DemoServer;
let work: string;
let story: string;
let clientOnly: string;
let sheet: string;

beforeAll(async () => {
  await ensureBuilt({ log: () => {} });
  work = await mkdtemp(join(tmpdir(), 'rcs-twin-'));
  demo = await startDemoServer({ port: 0, quiet: true, leadsDir: work });
  const get = async (path: string) => (await fetch(`${demo.url}${path}`)).text();
  [story, clientOnly, sheet] = await Promise.all([get(PAGES.story), get(PAGES.clientOnly), get(`${ASSET_BASE}/redcliffe-case-study.css`)]);
}, 300_000);

afterAll(async () => {
  await demo?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the plain twin of the demo story page as served', () => {
  it('has no element and no module script left, and the story in one div.rcs-host', () => {
    expect(elements(story).filter((element) => element.tagName === TAG)).toHaveLength(1);
    expect(moduleScripts(story)).toHaveLength(1);
    const twin = plainTwin(story);
    expect(elements(twin).filter((element) => element.tagName === TAG || element.tagName === 'template')).toEqual([]);
    expect(moduleScripts(twin)).toEqual([]);
    expect(hosts(twin)).toHaveLength(1);
    expect(hosts(twin)[0].parentNode).toMatchObject({ tagName: 'main' });
  });

  it('reads the same text, word for word', () => {
    const words = text(story);
    expect(words).toContain('Redcliffe Labs');
    expect(text(plainTwin(story))).toBe(words);
  });

  it('reads :host in the story’s styles as .rcs-host, and keeps the host’s styles out of the story', () => {
    const [hostStyle, storyStyle] = styles(story).map(styleText);
    expect(storyStyle).toMatch(/:host\(\[hidden\]\)/);
    const [twinHost, twinStory] = styles(plainTwin(story)).map(styleText);
    expect(twinStory).not.toContain(':host');
    expect(twinStory.match(/\.rcs-host/g)).toHaveLength(storyStyle.match(/:host/g)!.length);
    expect(twinStory).toContain('.rcs-host[hidden]{display:none}');
    expect(twinStory).toContain('.rcs-host:not(:first-of-type){');
    expect(twinStory.replaceAll('.rcs-host', '')).toBe(storyStyle.replace(/:host\(([^()]*(?:\([^()]*\))?)\)/g, '$1').replaceAll(':host', ''));
    expect(twinHost).toBe(`@scope (:root) to (.rcs-host) {${hostStyle}}`);
  });

  it('keeps every byte of the page but the element, its template, the module script and the styles', () => {
    const twin = plainTwin(story);
    const head = story.slice(0, story.indexOf('<style>') + '<style>'.length);
    expect(twin.startsWith(head)).toBe(true);
    const footer = story.slice(story.indexOf('</main>'));
    expect(twin.endsWith(footer)).toBe(true);
  });

  it('is not made for a page whose element renders on the client: it has no story in its HTML', () => {
    expect(() => plainTwin(clientOnly)).toThrow(/renders it on the client/);
  });

  it('rewrites the linked stylesheet the same way', () => {
    expect(twinCss(sheet)).not.toContain(':host');
    expect(twinCss(sheet)).toBe(styleText(styles(plainTwin(story))[1]));
  });
});

describe('the bench’s pages (scripts/bench/site.mjs)', () => {
  it('serves the story page as the demo does, fifty elements on it, and their twins', async () => {
    const site = await startBenchSite(root);
    try {
      const get = async (url: string) => (await fetch(url)).text();
      const [served, fifty, fiftyTwin] = await Promise.all([get(site.urls.story), get(site.urls.fifty), get(site.urls.fiftyTwin)]);
      expect(text(served)).toBe(text(story));
      expect(elements(fifty).filter((element) => element.tagName === TAG)).toHaveLength(FIFTY);
      expect(hosts(fiftyTwin)).toHaveLength(FIFTY);
      expect(moduleScripts(fiftyTwin)).toEqual([]);
      expect(text(fiftyTwin)).toBe(text(fifty));
      const links = elements(fiftyTwin).filter((element) => element.tagName === 'link' && attribute(element, 'rel') === 'stylesheet');
      expect(links).toHaveLength(FIFTY - 1);
      const linked = await get(new URL(attribute(links[0], 'href')!, site.urls.fiftyTwin).href);
      expect(linked).toBe(twinCss(sheet));
    } finally {
      await site.close();
    }
  }, 60_000);
});
