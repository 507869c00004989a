/** The installed package at work: bundled by an app, rendered on the server, the lead server and its command. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../e2e/hosts/package.js';
import { consumer, PACKAGE } from './consumer.js';

const app = consumer('runtime');
const node = (code: string) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app.dir, encoding: 'utf8' });

describe('the installed package', () => {
  it('esbuild bundles `import "redcliffe-case-study"` with the element in it, once', async () => {
    const esbuild = await import(join(root, 'node_modules/esbuild/lib/main.js'));
    app.write('src/main.js', `import '${PACKAGE}';\nimport '${PACKAGE}/react';\nimport { TAG } from '${PACKAGE}';\nconsole.log(TAG);\n`);
    const result = await esbuild.build({
      absWorkingDir: app.dir,
      entryPoints: ['src/main.js'],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // The app's own React (a peer dependency of the `/react` entry); not installed here.
      external: ['react', 'react/*'],
    });
    const outputs: { path: string; text: string; contents: Uint8Array }[] = result.outputFiles;
    const all = outputs.map((file) => file.text).join('\n');
    expect(outputs.some((file) => /[\\/]main\.js$/.test(file.path))).toBe(true);
    // With splitting, the package's code lands in a chunk shared with its lazy sections.
    expect(all).toMatch(/["']redcliffe-case-study["']/);
    expect(all, 'registration tree-shaken away (sideEffects)').toMatch(/customElements\.define\(/);
    expect(all).toContain('Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling');
    const inputs = Object.keys(result.metafile.inputs);
    expect(
      inputs.filter((input) => input.endsWith(`${PACKAGE}/dist/redcliffe-case-study.js`)),
      'the main module, once',
    ).toHaveLength(1);
    expect(
      inputs.filter((input) => /node_modules\/react(-dom)?\//.test(input)),
      'a separate React',
    ).toEqual([]);
    expect(inputs.some((input) => input.endsWith(`${PACKAGE}/dist/react.js`))).toBe(true);
    const reactEntry = readFileSync(app.installed('dist/react.js'), 'utf8');
    expect(reactEntry, "dist/react.js imports the app's react").toMatch(/from ['"]react['"]/);
    expect(reactEntry).toMatch(/from ['"]\.\/redcliffe-case-study\.js['"]/);
    expect(reactEntry.length, 'React or the element copied into dist/react.js').toBeLessThan(10_000);
    expect(outputs.filter((file) => /chunk-|CtaSection|JumpNav|DownloadDialog/.test(file.path)).length, 'lazy chunks').toBeGreaterThanOrEqual(1);
  });

  it('resolves the story schema and the default story by their published names, in Node and in a bundler', async () => {
    const out = node(`import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const schema = (await import('${PACKAGE}/story.schema.json', { with: { type: 'json' } })).default;
const story = (await import('${PACKAGE}/stories/redcliffe-labs.json', { with: { type: 'json' } })).default;
console.log(JSON.stringify({ files: [require.resolve('${PACKAGE}/story.schema.json'), require.resolve('${PACKAGE}/stories/redcliffe-labs.json')], schema, story }));`);
    const { files, schema, story } = JSON.parse(out);
    expect(files).toEqual([app.installed('dist/story.schema.json'), app.installed('dist/stories/redcliffe-labs.json')]);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    // The published story is the element's default story, and valid by the published schema.
    expect(story).toEqual(JSON.parse(readFileSync(join(root, 'src/shared/story/stories/redcliffe-labs.json'), 'utf8')));
    const { default: Ajv2020 } = await import(join(root, 'node_modules/ajv/dist/2020.js'));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(story), JSON.stringify(validate.errors)).toBe(true);

    const esbuild = await import(join(root, 'node_modules/esbuild/lib/main.js'));
    app.write(
      'src/story.js',
      `import story from '${PACKAGE}/stories/redcliffe-labs.json';\nimport schema from '${PACKAGE}/story.schema.json';\nconsole.log(story.id, schema.title);\n`,
    );
    const bundled = await esbuild.build({
      absWorkingDir: app.dir,
      entryPoints: ['src/story.js'],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(bundled.outputFiles[0].text).toContain('redcliffe-labs');
  });

  it("`redcliffe-case-study/react` renders on the server in Node with the app's React (no DOM)", () => {
    app.link('react', 'react-dom');
    const out = node(`import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RedcliffeCaseStudy, TAG } from '${PACKAGE}/react';
const html = renderToString(createElement(RedcliffeCaseStudy, { base: '/x', endpoint: '/api', formUrl: '', className: 'story', story: { id: 'not-an-attribute' }, onCaseStudyDownload() {} }, createElement('a', { href: '/x.pdf' }, 'PDF')));
console.log(TAG, typeof customElements, html);`);
    expect(out.trim()).toBe(
      'redcliffe-case-study undefined <redcliffe-case-study class="story" base="/x" endpoint="/api" form-url=""><a href="/x.pdf">PDF</a></redcliffe-case-study>',
    );
    expect(readFileSync(app.installed('dist/react.js'), 'utf8'), "marked 'use client'").toMatch(/^'use client';/);
  });

  it('`redcliffe-case-study/server` answers a lead, with rate limits and the CSV export, from its bundled packages', () => {
    const out = node(`import { createLeadHandler, createMemoryStore, DATA_FIELDS, leadsToCsv } from '${PACKAGE}/server';
const store = createMemoryStore();
const handler = createLeadHandler({ pdfUrl: '/case-study.pdf', publicOrigin: 'https://example.com', store, rateLimit: { points: 1, durationSeconds: 60 }, logger: { info() {}, warn() {}, error() {} } });
const data = { ...Object.fromEntries(DATA_FIELDS.map((field) => [field, ''])), 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': 'ada@example.com' };
const post = () => handler(new Request('https://example.com/api/download-case-study/', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: '', data }),
}), { clientAddress: '203.0.113.9' });
const first = await post();
const second = await post();
let csv = '';
for await (const part of leadsToCsv(store.exportLeads())) csv += part;
console.log(JSON.stringify({ first: first.status, pdf: (await first.json()).pdf_url, second: second.status, csv: csv.split('\\r\\n')[1] }));
await handler.close();`);
    const answer = JSON.parse(out);
    expect(answer).toMatchObject({ first: 200, pdf: 'https://example.com/case-study.pdf', second: 429 });
    expect(answer.csv).toContain('"Ada"');
  });
});
