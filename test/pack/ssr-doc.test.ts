/**
 * docs/ssr.md's example, run as printed in Node against the installed tarball: its first block (the
 * request handler's call of renderCaseStudy, with the files at the assets helpers' ASSETS_PREFIX)
 * and its script tag, with only the request the handler would have. The HTML they make links the
 * files the assets helpers serve, and those helpers answer for them from the installed package.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../e2e/hosts/package.js';
import { consumer, docBlock, PACKAGE } from './consumer.js';

const app = consumer('ssr-doc');

describe('docs/ssr.md, run as printed', () => {
  it('renders the story at the request path, linking the stylesheet and script the assets helpers serve', async () => {
    const handler = await docBlock('ssr.md', '## Server-rendered, per request', 'js');
    const script = await docBlock('ssr.md', 'put `html` in the page, with this script tag:', 'js');
    const code = `const request = new Request('https://www.example.com/case-study/redcliffe-labs');
${handler}
const tag = ${script.trim()};
import { createServer } from 'node:http';
import { assetsMiddleware } from '${PACKAGE}/assets';
// A Node server with the assets middleware answers the two addresses the HTML names.
const server = createServer(assetsMiddleware());
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const answers = [];
for (const url of [tag.match(/src="([^"]+)"/)[1], html.match(/href="([^"]+\\.css)"/)[1]]) {
  const answer = await fetch(\`http://127.0.0.1:\${server.address().port}\${url}\`);
  answers.push([url, answer.status]);
}
server.close();
console.log(JSON.stringify({ status, tag, story: html.includes('<template shadowrootmode="open">'), answers }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app.dir, encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(result.status).toBe(200);
    expect(result.story).toBe(true);
    const version = app.manifest().version;
    expect(result.tag).toBe(`<script type="module" src="/assets/redcliffe-case-study/${version}/redcliffe-case-study.js"></script>`);
    expect(result.answers.map(([url]: [string]) => url)).toEqual([
      `/assets/redcliffe-case-study/${version}/redcliffe-case-study.js`,
      `/assets/redcliffe-case-study/${version}/redcliffe-case-study.css`,
    ]);
    for (const [url, status] of result.answers) expect(status, url).toBe(200);
  });

  it('renders another story from its file, carrying it for hydration; a broken one throws naming the field', async () => {
    const sample = readFileSync(join(root, 'demo/stories/northwind-clinics.json'), 'utf8');
    app.write('stories/northwind-clinics.json', sample);
    const broken = JSON.parse(sample);
    delete broken.hero.headline;
    app.write('stories/broken.json', JSON.stringify(broken));
    const recipe = await docBlock('ssr.md', '## Any story', 'js');
    // The recipe's imports first, the rest in a try: a broken story's error is printed, not thrown.
    const lines = recipe.replace('stories/northwind-clinics.json', '%FILE%').split('\n');
    const imports = lines.filter((line) => line.startsWith('import ')).join('\n');
    const body = lines.filter((line) => !line.startsWith('import ')).join('\n');
    const run = (file: string) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `${imports}
const request = new Request('https://www.example.com/case-study/northwind-clinics/');
try {
${body.replace('%FILE%', file)}
console.log(JSON.stringify({ status, html }));
} catch (error) { console.log(JSON.stringify({ error: error.message })); }`,
        ],
        { cwd: app.dir, encoding: 'utf8' },
      );
    const { status, html } = JSON.parse(run('stories/northwind-clinics.json'));
    expect(status).toBe(200);
    expect(html).toContain(JSON.parse(sample).hero.headline);
    expect(html).toContain('<script type="application/json" data-rcs-story>');
    expect(html).not.toContain('Redcliffe Labs Achieves');
    expect(JSON.parse(run('stories/broken.json')).error).toBe('renderCaseStudy: the story is not valid: hero.headline: required');
  });
});
