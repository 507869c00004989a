/**
 * Story files on the server, through the built command as a marketer runs it: `story check`,
 * `story pdf`, and `serve` with STORIES_DIR (each story's JSON and PDF, a bad file stopping the
 * start by name, and the PDF a lead gets being its own story's, from the JSON route and the form).
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, goodTokens, root, runCliRaw, startServeProcess, type ServeProcess } from './processes.js';
import { validData } from './helpers.js';

const DEFAULT = path.join(root, 'src/shared/story/stories/redcliffe-labs.json');
const SAMPLE = path.join(root, 'demo/stories/northwind-clinics.json');
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
let work: string;
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-stories-'));
}, 300_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** A story written here, not one in the repository: the sample with its own id and customer. */
async function anotherStory(dir: string, change: (story: Record<string, any>) => void = () => {}) {
  const story = JSON.parse(await readFile(SAMPLE, 'utf8'));
  story.id = 'harbour-freight';
  story.customer.name = 'Harbour Freight Co';
  change(story);
  const file = path.join(dir, 'harbour-freight.json');
  await writeFile(file, JSON.stringify(story));
  return file;
}

describe('redcliffe-leads story check', () => {
  it('exits 0 for a valid story', () => {
    const result = runCliRaw(['story', 'check', DEFAULT], {});
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('a valid story, "redcliffe-labs"');
  });

  it('prints every problem with its JSON path and exits non-zero', async () => {
    const file = await anotherStory(work, (story) => {
      delete story.hero.headline;
      story.impact.cards[0].value = 7;
    });
    const result = runCliRaw(['story', 'check', file], {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('hero.headline: required');
    expect(result.stderr).toContain('impact.cards[0].value: must be a string');
  });

  it('refuses a file that is not JSON, or larger than 256 KB, before checking it', async () => {
    const notJson = path.join(work, 'not.json');
    await writeFile(notJson, '{ "id": ');
    expect(runCliRaw(['story', 'check', notJson], {})).toMatchObject({ status: 1, stderr: expect.stringContaining('not JSON') });
    const large = path.join(work, 'large.json');
    await writeFile(large, JSON.stringify({ id: 'x', padding: 'a'.repeat(256 * 1024) }));
    expect(runCliRaw(['story', 'check', large], {})).toMatchObject({ status: 1, stderr: expect.stringContaining('larger than 256 KB') });
  });
});

describe('redcliffe-leads story pdf', () => {
  it("makes that story's one-page PDF: one page, tagged, fonts embedded, none of Redcliffe's words", async () => {
    const file = await anotherStory(work);
    const out = path.join(work, 'harbour.pdf');
    const result = runCliRaw(['story', 'pdf', file, '--out', out], {});
    expect(result.status, result.stderr).toBe(0);
    const info = execFileSync('pdfinfo', [out], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(execFileSync('pdffonts', [out], { encoding: 'utf8' })).toMatch(/Inter-Regular .* yes yes yes/);
    const text = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' });
    expect(text).toContain('Harbour Freight Co');
    expect(text).not.toContain('Redcliffe');
    // docs/stories.md's cover recipe, as written there.
    execFileSync('pdftoppm', ['-jpeg', '-singlefile', '-scale-to-x', '360', '-scale-to-y', '509', out, path.join(work, 'harbour-cover')]);
    const jpeg = await readFile(path.join(work, 'harbour-cover.jpg'));
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  }, 60_000);

  it('needs --out', () => {
    expect(runCliRaw(['story', 'pdf', DEFAULT], {})).toMatchObject({ status: 2, stderr: expect.stringContaining('--out') });
  });
});

describe('serve with STORIES_DIR', () => {
  let server: ServeProcess;
  let dir: string;
  beforeAll(async () => {
    dir = path.join(work, 'stories');
    await mkdir(dir);
    await copyFile(DEFAULT, path.join(dir, 'redcliffe-labs.json'));
    await anotherStory(dir, (story) => (story.customer.logo = 'harbour-logo.svg'));
    await writeFile(path.join(dir, 'harbour-logo.svg'), LOGO);
    await writeFile(path.join(dir, 'notes.txt'), 'not for visitors');
    server = await startServeProcess({ STORIES_DIR: dir, LEADS_DB: path.join(work, 'leads.db') });
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('serves each story as JSON, to any origin, and as its own PDF', async () => {
    const json = await fetch(`${server.origin}/stories/harbour-freight.json`, { headers: { Origin: 'https://blog.example.com' } });
    expect(json.status).toBe(200);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json.json()).toMatchObject({ id: 'harbour-freight', customer: { name: 'Harbour Freight Co' } });
    const pdf = await fetch(`${server.origin}/stories/harbour-freight.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(work, 'served.pdf');
    await writeFile(file, new Uint8Array(await pdf.arrayBuffer()));
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Harbour Freight Co');
    expect((await fetch(`${server.origin}/stories/no-such-story.json`)).status).toBe(404);
  }, 60_000);

  it('serves the images beside a story, so its relative logo resolves against /stories/<id>.json', async () => {
    const story = await (await fetch(`${server.origin}/stories/harbour-freight.json`)).json();
    const logo = await fetch(new URL(story.customer.logo, `${server.origin}/stories/harbour-freight.json`), {
      headers: { Origin: 'https://blog.example.com' },
    });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(logo.headers.get('access-control-allow-origin')).toBe('*');
    expect(logo.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await logo.text()).toBe(LOGO);
    // Only images and PDFs: nothing else in the folder, and nothing outside it.
    expect((await fetch(`${server.origin}/stories/notes.txt`)).status).toBe(404);
    expect((await fetch(`${server.origin}/stories/..%2Fleads.db`)).status).toBe(404);
    expect((await fetch(`${server.origin}/stories/missing.svg`)).status).toBe(404);
  });

  it("gives a lead its own story's PDF, from the JSON route and the form without JavaScript", async () => {
    const api = `${server.origin}/api/download-case-study/`;
    const send = (story?: string) =>
      fetch(api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: '', data: validData(), ...(story ? { story } : {}) }),
      });
    expect((await (await send('harbour-freight')).json()).pdf_url).toBe(`${server.origin}/stories/harbour-freight.pdf`);
    expect((await (await send()).json()).pdf_url).toBe(`${server.origin}/stories/redcliffe-labs.pdf`);
    const [token] = await goodTokens(server.origin, 1);
    const form = new URLSearchParams({
      url: '',
      story: 'harbour-freight',
      lead_token: token!,
      ...(validData({ 'Work Email': 'form@example.com' }) as Record<string, string>),
    });
    const posted = await fetch(api, { method: 'POST', body: form, redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    // The no-JS form ends on the thank-you page, whose download is this story's PDF.
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(`href="${server.origin}/stories/harbour-freight.pdf"`);
  }, 30_000);

  it('stops the start on a bad story file, naming the file and the field', async () => {
    const bad = path.join(work, 'bad-stories');
    await mkdir(bad);
    await anotherStory(bad, (story) => delete story.hero.headline);
    const result = runCliRaw(['serve'], { STORIES_DIR: bad, PORT: '0', LEADS_DB: path.join(work, 'bad.db') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${path.join(bad, 'harbour-freight.json')} is not a valid story: hero.headline: required`);
  }, 30_000);

  it('stops the start on a relative image that is not beside the story, naming the field', async () => {
    const bad = path.join(work, 'stories-without-logo');
    await mkdir(bad);
    await anotherStory(bad, (story) => (story.testimonial.person.photo = 'img/ada.jpg'));
    const result = runCliRaw(['serve'], { STORIES_DIR: bad, PORT: '0', LEADS_DB: path.join(work, 'no-logo.db') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `${path.join(bad, 'harbour-freight.json')} is not a valid story: testimonial.person.photo: "img/ada.jpg" is not a file beside the story`,
    );
  }, 30_000);
});
