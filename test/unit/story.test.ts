/**
 * The story as data: the check's answers (every problem with its path), the generated type and
 * validator kept in step with the schema, and a story that is not in the repository, written here,
 * rendered by renderCaseStudy (dist/ssr.js, run after `npm run build`) and as its own one-page PDF,
 * with none of the default story's words in either.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStory, storyProblems, type Story } from '../../src/shared/story/check-story.js';
import { renderOnePager } from '../../src/shared/pdf/one-pager.js';
import { staleStoryFiles } from '../../scripts/build-story.mjs';
import { validate } from '../../src/shared/story/validate-schema.generated.js';
import schema from '../../src/shared/story/story.schema.json' with { type: 'json' };
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import sample from '../../demo/stories/northwind-clinics.json' with { type: 'json' };
import { REDCLIFFE_WORDS, thirdStory } from '../stories/third-story.mjs';

const copy = <T>(value: T): T => structuredClone(value);
const work = mkdtempSync(path.join(tmpdir(), 'story-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('checkStory', () => {
  it('accepts the default story and the demo sample', () => {
    expect(storyProblems(defaultStory)).toEqual([]);
    expect(storyProblems(sample)).toEqual([]);
  });

  it('reports every problem with its JSON path, in words', () => {
    const story = copy(defaultStory) as Record<string, any>;
    delete story.hero.headline;
    story.impact.cards[2].value = 3;
    story.id = 'Not A Slug';
    story.extra = true;
    story.customer.logo = 'javascript:alert(1)';
    expect(storyProblems(story)).toEqual([
      'extra: not a field of a story (check its spelling)',
      'id: must be a slug: lower-case letters and digits, single hyphens between them',
      'hero.headline: required',
      'impact.cards[2].value: must be a string',
      'customer.logo: must be an https: or http: address, or a relative one',
    ]);
    expect(checkStory(story).ok).toBe(false);
    expect(storyProblems('not a story')).toEqual(['story: must be an object']);
  });

  it('takes the story’s own next step, an https: link with its label', () => {
    const story = copy(defaultStory) as Story;
    story.cta.nextStepLink = { url: 'https://example.com/demo', label: 'Book a demo' };
    expect(storyProblems(story)).toEqual([]);
    story.cta.nextStepLink.url = 'javascript:alert(1)';
    expect(storyProblems(story)).toEqual(['cta.nextStepLink.url: must be an absolute https: address']);
    story.cta.nextStepLink = { url: 'https://example.com/demo' } as Story['cta']['nextStepLink'];
    expect(storyProblems(story)).toEqual(['cta.nextStepLink.label: required']);
  });

  it('asks for https: links', () => {
    const story = copy(defaultStory) as Story;
    story.onePager.storyUrl = 'http://example.com/story';
    expect(storyProblems(story)).toEqual(['onePager.storyUrl: must be an absolute https: address']);
  });

  it('is generated from the schema as it is (the type and the validator are committed)', async () => {
    expect((await staleStoryFiles()).map(({ file }) => path.basename(file))).toEqual([]);
  });
});

describe('the standalone validator', () => {
  // Compiled by Ajv's default class for a smaller chunk (scripts/build-story.mjs): it must answer
  // exactly as Ajv2020, the schema's own draft, does, for any story however broken.
  const draft2020 = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  type Found = { instancePath: string; keyword: string; params: unknown };
  const answers = (errors: Found[] | null | undefined): string[] =>
    (errors ?? []).map(({ instancePath, keyword, params }) => JSON.stringify({ instancePath, keyword, params })).sort();

  /** Every place in a story: its fields, at every depth, and the items of its lists. */
  function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
    if (!value || typeof value !== 'object') return [at];
    return [at, ...Object.entries(value).flatMap(([key, child]) => placesIn(child, [...at, Array.isArray(value) ? Number(key) : key]))];
  }
  const long = (length: number) => 'x'.repeat(length);
  const wrongs = [undefined, null, 3, 2.5, true, '', ' ', long(65), long(301), long(2001), long(2049), [], [1, 'two'], {}, { extra: 1 }, 'ltr', 'Not A Slug'];
  const places = [...placesIn(defaultStory), ...placesIn(sample)].filter((at) => at.length);

  /** `story` with the value at `at` replaced by `wrong` (removed for undefined), or a field beside it added. */
  function broken(story: unknown, [at, wrong, beside]: [(string | number)[], unknown, boolean]): void {
    const parent = at.slice(0, -1).reduce<any>((value, key) => (value && typeof value === 'object' ? value[key] : undefined), story);
    if (!parent || typeof parent !== 'object') return;
    const key = beside && !Array.isArray(parent) ? `${String(at.at(-1))}Extra` : at.at(-1)!;
    if (wrong === undefined) delete parent[key];
    else parent[key] = structuredClone(wrong);
  }

  function expectSameAnswers(story: unknown): void {
    const valid = validate(story);
    expect(valid).toBe(draft2020(story));
    expect(answers((validate as unknown as { errors: Found[] }).errors)).toEqual(answers(draft2020.errors as Found[]));
  }

  it('answers as Ajv2020 does for every field of both stories, broken in every way', () => {
    for (const base of [defaultStory, sample])
      for (const at of places)
        for (const wrong of wrongs)
          for (const beside of [false, true]) {
            const story = copy(base);
            broken(story, [at, wrong, beside]);
            expectSameAnswers(story);
          }
  });

  it('answers as Ajv2020 does for a story broken in up to five places at once', () => {
    const breaks = fc.array(fc.tuple(fc.constantFrom(...places), fc.constantFrom(...wrongs), fc.boolean()), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(breaks, (list) => {
        const story = copy(defaultStory);
        for (const one of list) broken(story, one);
        expectSameAnswers(story);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a story that is not in the repository', () => {
  const story = thirdStory(sample) as Story;

  it('renders on the server, and travels to hydration in the HTML', async () => {
    const { renderCaseStudy } = (await import('../../dist/ssr.js' as string)) as {
      renderCaseStudy(options: { path: string; assetsUrl: string; story?: unknown }): { html: string; status: number };
    };
    const { html, status } = renderCaseStudy({ path: '/case-study/redcliffe-labs/', assetsUrl: '/assets', story });
    expect(status).toBe(200);
    expect(html).toContain(story.hero.headline);
    expect(html).toContain('Morgan Quill');
    expect(html).toContain('<script type="application/json" data-rcs-story>');
    for (const word of REDCLIFFE_WORDS) expect(html, word).not.toContain(word);
    const bad = copy(story) as Record<string, any>;
    delete bad.hero.headline;
    expect(() => renderCaseStudy({ path: '/', assetsUrl: '/assets', story: bad })).toThrow('hero.headline: required');
  });

  it('makes its own one-page PDF', async () => {
    const bytes = await renderOnePager({ story, date: new Date('2026-01-02T03:04:05Z') });
    const file = path.join(work, 'third.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Quillfeather Books Answers Readers');
    for (const word of REDCLIFFE_WORDS) expect(text, word).not.toContain(word);
  });
});
