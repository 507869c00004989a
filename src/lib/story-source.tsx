/**
 * A story given to the element by `src` (a story file's URL) or `story` (the object), fetched and
 * checked: a lazy chunk of its own, loaded only when one of them is used (the default story needs
 * none of it). The story check (src/shared/story/check-story.ts) is a chunk of its own too, fetched
 * beside the story file: together they would pass the 6 kB a lazy chunk may weigh.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { loading } from '../shared/content.js';
import { storyUnavailable } from '../shared/content/story-status.js';
import { httpUrl, webAddress } from '../shared/http-url.js';
import type { Story } from '../shared/story/check-story.js';
import { StoryStatus } from '../components/App/StoryStatus.js';
import { preloadable } from './preload.js';

const loadCheck = preloadable((_retryQuery) => import('../shared/story/check-story.js'));

/** Why a story cannot be shown, naming where it came from and each field at fault. */
export class StoryError extends Error {}

/** One request per story file's URL, however many elements show it (a failed one may be asked again). */
const fetched = new Map<string, Promise<Story>>();
/** Story objects given already (the `story` property set again, or on another element): checked once. */
const given = new WeakMap<object, Promise<Story>>();

/** `story`, its failure said once on the console however many elements wait for it, naming what to change. */
function said(story: Promise<Story>): Promise<Story> {
  story.catch((error: Error) => console.error(`<redcliffe-case-study>: ${error.message}`));
  return story;
}

/**
 * The story `source` names: a story file's URL (absolute, or relative to `base`, the page) or the
 * story object itself. Rejects with a StoryError saying what to change (said once on the console).
 */
export function resolveStory(source: unknown, base: string): Promise<Story> {
  if (typeof source === 'string') return storyFile(source, base);
  if (!source || typeof source !== 'object') return said(checkedStory(source, 'the story property'));
  let story = given.get(source);
  if (!story) given.set(source, (story = said(checkedStory(source, 'the story property'))));
  return story;
}

function storyFile(src: string, base: string): Promise<Story> {
  const url = webAddress(src) && httpUrl(src.trim(), { base });
  if (!url) return said(Promise.reject(new StoryError(`src="${src}" is not an https: or http: address, or a relative one`)));
  url.hash = '';
  let story = fetched.get(url.href);
  if (!story) {
    story = said(load(url));
    fetched.set(url.href, story);
    story.catch(() => fetched.delete(url.href));
  }
  return story;
}

async function load(url: URL): Promise<Story> {
  void loadCheck().catch(() => {}); // fetched beside the file
  let response: Response;
  try {
    response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  } catch {
    throw new StoryError(`the story at ${url.href} could not be fetched (offline, or its server does not allow this page's origin by CORS)`);
  }
  if (!response.ok) throw new StoryError(`the story at ${url.href} could not be fetched: its server answered ${response.status}`);
  let value: unknown;
  try {
    value = await response.json();
  } catch {
    throw new StoryError(`the story at ${url.href} is not JSON`);
  }
  return withAddressesFrom(await checkedStory(value, `the story at ${url.href}`), url);
}

async function checkedStory(value: unknown, source: string): Promise<Story> {
  const result = (await loadCheck()).checkStory(value);
  if (!result.ok) throw new StoryError(`${source} is not a valid story: ${result.problems.join('; ')}`);
  return result.story;
}

/** The story file's relative addresses (logo, photo, profile, PDF and its cover) resolved against its own URL, as a stylesheet's are. */
function withAddressesFrom(story: Story, file: URL): Story {
  const resolve = <T extends string | undefined>(address: T): T => (address ? (new URL(address, file).href as T) : address);
  const { customer, testimonial, pdf } = story;
  return {
    ...story,
    customer: { ...customer, logo: resolve(customer.logo) },
    testimonial: { ...testimonial, person: { ...testimonial.person, url: resolve(testimonial.person.url), photo: resolve(testimonial.person.photo) } },
    ...(pdf ? { pdf: { ...pdf, url: resolve(pdf.url), cover: resolve(pdf.cover) } } : {}),
  };
}

/**
 * The story `source` names (a story file's URL or a story object), once fetched and checked,
 * rendered by `render`; "Loading..." until then, or a short alert when it cannot be shown (the
 * console says why, once, naming the URL and each field at fault).
 */
export function ShownStory({ source, render }: { source: Story | string; render(story: Story): ReactNode }) {
  const [result, setResult] = useState<[source: unknown, story: Story | null]>();
  useEffect(() => {
    let live = true;
    resolveStory(source, document.baseURI).then(
      (story) => live && setResult([source, story]),
      () => live && setResult([source, null]),
    );
    return () => {
      live = false;
    };
  }, [source]);
  if (result?.[0] !== source) return <StoryStatus text={loading} />;
  return result[1] ? render(result[1]) : <StoryStatus text={storyUnavailable} failed />;
}
