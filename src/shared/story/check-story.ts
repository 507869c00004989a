/**
 * The one check of a story (story.schema.json), shared by the element (a lazy chunk, when `src` or
 * `story` is used), `renderCaseStudy`, the build and the server's `redcliffe-leads story check`:
 * the schema's own check (Ajv's standalone code, compiled by scripts/build-story.mjs, so nothing
 * compiles a schema at run time), then what a schema cannot say: each address is one this package
 * renders (`httpUrl()`) and the id follows the story id rule. Every problem is reported, each as
 * `path: what is wrong` (`hero.headline: required`, `impact.cards[2].value: must be a string`).
 */
import { httpUrl, webAddress } from '../http-url.js';
import { isStoryId } from '../story-id.js';
import type { Story } from './story.generated.js';
import { validate } from './validate-schema.generated.js';

export type { Story };

export type StoryCheck = { ok: true; story: Story } | { ok: false; problems: string[] };

/** What Ajv reports (its standalone code sets `validate.errors`); messages are off, these words are ours. */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'a list',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
};

/** `/impact/cards/2/value` → `impact.cards[2].value`; the whole story is `story`. */
function pathOf(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  const path = parts
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
  return path || 'story';
}

function describe({ instancePath, keyword, params }: SchemaError): string {
  const p = params as { missingProperty: string; additionalProperty: string; type: string; limit: number; allowedValues: unknown[]; pattern: string };
  switch (keyword) {
    case 'required':
      return `${pathOf(instancePath, p.missingProperty)}: required`;
    case 'additionalProperties':
      return `${pathOf(instancePath, p.additionalProperty)}: not a field of a story (check its spelling)`;
    case 'type':
      return `${pathOf(instancePath)}: must be ${TYPE_WORDS[p.type] ?? p.type}`;
    case 'minLength':
      return `${pathOf(instancePath)}: ${p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`}`;
    case 'maxLength':
      return `${pathOf(instancePath)}: must be at most ${p.limit} characters`;
    case 'minItems':
      return `${pathOf(instancePath)}: must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${pathOf(instancePath)}: must have at most ${p.limit} items`;
    case 'enum':
      return `${pathOf(instancePath)}: must be one of ${p.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'pattern':
      return `${pathOf(instancePath)}: ${PATTERN_WORDS[instancePath] ?? `must match ${p.pattern}`}`;
    default:
      return `${pathOf(instancePath)}: does not match the schema (${keyword})`;
  }
}

/** What a pattern asks for, in words, by field. */
const PATTERN_WORDS: Record<string, string> = {
  '/id': 'must be a slug: lower-case letters and digits, single hyphens between them',
  '/lang': 'must be a language tag such as "en" or "de-CH"',
  '/pdf/fileName': 'must be a file name ending in .pdf, without a folder',
};

/** The story's addresses: `link`s must be absolute https:, the others may be http(s) or relative. */
const LINKS = [
  ['customer', 'site'],
  ['testimonial', 'companyLink', 'url'],
  ['onePager', 'storyUrl'],
  ['onePager', 'cta', 'url'],
  ['cta', 'nextStepLink', 'url'],
] as const;
const ADDRESSES = [
  ['customer', 'logo'],
  ['testimonial', 'person', 'url'],
  ['testimonial', 'person', 'photo'],
  ['pdf', 'url'],
] as const;

const at = (story: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), story);

/** Every problem of `value` as a story, in the order of the file; none for a valid story. */
export function storyProblems(value: unknown): string[] {
  const problems = validate(value) ? [] : ((validate as unknown as { errors: SchemaError[] }).errors ?? []).map(describe);
  const id = at(value, ['id']);
  if (typeof id === 'string' && !isStoryId(id) && !problems.some((problem) => problem.startsWith('id:'))) problems.push(`id: ${PATTERN_WORDS['/id']}`);
  for (const path of LINKS) {
    const address = at(value, path);
    if (typeof address === 'string' && !httpUrl(address, { httpsOnly: true })) problems.push(`${path.join('.')}: must be an absolute https: address`);
  }
  for (const path of ADDRESSES) {
    const address = at(value, path);
    if (typeof address === 'string' && !webAddress(address)) problems.push(`${path.join('.')}: must be an https: or http: address, or a relative one`);
  }
  return problems;
}

/** `value` as a story, or every problem with it. */
export function checkStory(value: unknown): StoryCheck {
  const problems = storyProblems(value);
  return problems.length ? { ok: false, problems } : { ok: true, story: value as Story };
}
