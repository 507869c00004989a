/**
 * `redcliffe-leads serve` as a real process: settings checked at start, CORS for the listed origins
 * only, the element's files and the PDF, health and readiness, the snippet page, one JSON line per
 * request without personal data, and a graceful stop that finishes the request in flight.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, goodTokens, runCli, runCliRaw, startServeProcess, type ServeProcess } from './processes.js';

const SITE = 'https://blog.example.com';
const API = '/api/download-case-study/';
let work: string;
let dbCount = 0;
const freshDb = () => path.join(work, `leads-${dbCount++}.db`);

const lead = (email = 'asha@example.com') =>
  JSON.stringify({
    url: '',
    data: {
      'First Name': 'Asha',
      'Last Name': 'Rao',
      'Work Email': email,
      page_url: `${SITE}/story/`,
      referrer: '',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    },
  });
const post = (origin: string, body: string, from?: string) =>
  fetch(`${origin}${API}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(from ? { Origin: from } : {}) }, body });

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'serve-'));
}, 180_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('start-up settings', () => {
  it.each([
    [{ CORS_ORIGINS: 'https://blog.example.com/posts' }, /CORS_ORIGINS must list the origins/],
    [{ CORS_ORIGINS: 'blog.example.com' }, /CORS_ORIGINS .*"blog\.example\.com" is not an origin/],
    [{ HOST: '0.0.0.0' }, /PUBLIC_ORIGIN is required when HOST is 0\.0\.0\.0/],
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must list the addresses or CIDR ranges/],
    [{ RATE_LIMIT_POINTS: 'many' }, /RATE_LIMIT_POINTS must be a whole number/],
    [{ FORWARD_ALLOWLIST: 'http://forms.example.com/f' }, /FORWARD_ALLOWLIST entries must be absolute https: URLs/],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, /cannot open PostgreSQL .*\(DATABASE_URL\)/],
    [{ PRIVACY_URL: 'privacy' }, /PRIVACY_URL must be the absolute http\(s\) URL of the privacy notice/],
    [{ CONTACT_URL: 'javascript:alert(1)' }, /CONTACT_URL must be the absolute http\(s\) URL/],
  ])('refuses %o with a message naming the setting', (env, message) => {
    const { status, stderr } = runCliRaw(['serve'], { LEADS_DB: freshDb(), PORT: '0', ...env });
    expect(status).not.toBe(0);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
  });
});

describe('a running server', () => {
  let server: ServeProcess;
  let db: string;
  beforeAll(async () => {
    db = freshDb();
    server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: SITE });
  }, 30_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${server.origin}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', store: 'sqlite' });
  });

  it("answers a listed origin's preflight and post with CORS, and nothing else", async () => {
    const preflight = await fetch(`${server.origin}${API}`, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(['content-type', 'idempotency-key']);
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('vary')).toMatch(/Origin/);

    const listed = await post(server.origin, lead(), SITE);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await listed.json()).pdf_url).toBe(`${server.origin}/assets/0.1.0/Leaflet_Case_Study_One_Pager.pdf`);

    const before = JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads;
    const other = await post(server.origin, lead('mallory@example.com'), 'https://evil.example.net');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await other.json()).error).toBe('origin_not_allowed');
    const otherPreflight = await fetch(`${server.origin}${API}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.net', 'Access-Control-Request-Method': 'POST' },
    });
    expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(before); // nothing stored
  });

  it("serves the element's files, the PDF and its cover, immutable and readable from other origins", async () => {
    for (const file of ['redcliffe-case-study.js', 'redcliffe-case-study.css', 'Leaflet_Case_Study_One_Pager.pdf', 'Leaflet_Case_Study_One_Pager.jpg']) {
      const response = await fetch(`${server.origin}/assets/0.1.0/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await fetch(`${server.origin}/assets/0.1.0/server/cli.js`)).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/0.1.0/../package.json`)).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/9.9.9/redcliffe-case-study.js`)).status).toBe(404);
  });

  it('shows the snippet to paste at /, the same the snippet command prints, with no placeholder', async () => {
    const page = await (await fetch(`${server.origin}/`)).text();
    const printed = runCli(['snippet', '--origin', server.origin], {}).trim();
    const escaped = printed.replace(/&/g, '&#38;').replace(/"/g, '&#34;').replace(/'/g, '&#39;').replace(/</g, '&#60;').replace(/>/g, '&#62;');
    expect(page).toContain(escaped);
    expect(printed).toContain(`endpoint="${server.origin}${API}"`);
    expect(printed).toMatch(/integrity="sha384-[A-Za-z0-9+/]{64}"/);
    expect(printed).not.toMatch(/the\/path|example\.com|TODO|<your/i);
  });

  it('prints the rendered snippet: the story in the HTML, its styles inline, its plain form on this server, the entry with its integrity', async () => {
    const rendered = runCli(['snippet', '--origin', server.origin, '--rendered'], {});
    expect(rendered).toMatch(
      new RegExp(
        `^<script type="module" src="${server.origin}/assets/0\\.1\\.0/redcliffe-case-study\\.js" integrity="sha384-[\\w+/]{64}" crossorigin="anonymous"></script>`,
      ),
    );
    expect(rendered).toMatch(new RegExp(`<form class="cta__form"[^>]* action="${server.origin}${API}" method="post">`));
    // The stylesheet's rules inline, to the letter of the file this server publishes.
    const css = await fetch(`${server.origin}/assets/0.1.0/redcliffe-case-study.css`);
    expect(css.status).toBe(200);
    expect(rendered).toContain(`<style data-rcs-version="0.1.0" data-rcs-view="story">${await css.text()}</style>`);
    expect(rendered).not.toContain('rel="stylesheet"');
    expect(rendered).not.toMatch(/ base="|the\/path/);
  });

  it('says at start-up, naming the variables, that the form has no privacy notice and the confirmation no next step', () => {
    expect(server.stderr()).toMatch(/PRIVACY_URL is not set, so the download form on the start page shows no privacy notice/);
    expect(server.stderr()).toMatch(/CONTACT_URL is not set/);
  });

  it('prints the privacy notice, the next step and the quoted person the snippet flags give, checking every address', () => {
    const flags = ['--privacy-url', 'https://www.example.org/privacy', '--contact-url', 'https://www.example.org/demo'];
    const person = ['--testimonial-name', 'Asha Rao', '--testimonial-title', 'Head of Care', '--testimonial-url', 'https://www.example.org/asha'];
    const printed = runCliRaw(['snippet', '--origin', server.origin, ...flags, ...person], {});
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(
      '<redcliffe-case-study endpoint="' +
        `${server.origin}${API}" count-views privacy-url="https://www.example.org/privacy" contact-url="https://www.example.org/demo" ` +
        'testimonial-name="Asha Rao" testimonial-title="Head of Care" testimonial-url="https://www.example.org/asha">',
    );
    expect(printed.stderr).toBe('');
    // The rendered snippet carries them too, and the story is rendered with them: the privacy line under the plain form, the name.
    const rendered = runCli(['snippet', '--origin', server.origin, '--rendered', ...flags, ...person], {});
    expect(rendered).toMatch(/<redcliffe-case-study [^>]*privacy-url="https:\/\/www\.example\.org\/privacy"[^>]*testimonial-name="Asha Rao"/);
    expect(rendered, 'serve asked for the views: the rendered element says so too').toMatch(/<redcliffe-case-study [^>]*count-views=""/);
    expect(rendered).toContain('href="https://www.example.org/privacy"');
    expect(rendered).toContain('>Asha Rao<');
    // Without --privacy-url the snippet still prints, and standard error says what is missing.
    expect(runCliRaw(['snippet', '--origin', server.origin], {}).stderr).toMatch(/no --privacy-url/);
    for (const flag of ['--privacy-url', '--contact-url', '--testimonial-url', '--testimonial-photo']) {
      const refused = runCliRaw(['snippet', '--origin', server.origin, flag, 'javascript:alert(1)'], {});
      expect(refused.status, flag).not.toBe(0);
      expect(refused.stderr).toContain(`${flag} must be an absolute http(s) URL`);
    }
  });

  it('logs one JSON line per request, with no personal data', async () => {
    await post(server.origin, lead('private.person@example.org'), SITE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.method === 'POST' && line.path === API && line.status === 200)).toBe(true);
    expect(server.stdout() + server.stderr()).not.toMatch(/private\.person|Asha|Rao/);
  });
});

describe('stopping', () => {
  it('SIGTERM finishes the request in flight, then closes the database and exits 0', async () => {
    const db = freshDb();
    const server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: SITE });
    // A body sent slowly keeps the request in flight while the signal arrives.
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const body = new TextEncoder().encode(lead('late@example.com'));
        controller.enqueue(body.slice(0, 10));
        await new Promise((resolve) => setTimeout(resolve, 600));
        controller.enqueue(body.slice(10));
        controller.close();
      },
    });
    const answer = fetch(`${server.origin}${API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    const response = await answer;
    expect(response.status).toBe(200);
    const [code] = (await server.exited) as [number];
    expect(code).toBe(0);
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(1);
  }, 30_000);

  it('a burst stopped at once: every answered lead is stored and has its two log lines by the exit', async () => {
    const db = freshDb();
    const server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: SITE, RATE_LIMIT_POINTS: '0' });
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => post(server.origin, lead(`burst.${i}@example.com`), SITE)));
    // The signal comes in the same turn as the last answer: lines written together per turn must still be out.
    server.child.kill('SIGTERM');
    expect(answers.map((answer) => answer.status)).toEqual(Array(120).fill(200));
    const [code] = (await server.exited) as [number];
    expect(code).toBe(0);
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.method === 'POST' && line.path === API && line.status === 200)).toHaveLength(120);
    expect(lines.filter((line) => line.message === 'lead stored')).toHaveLength(120);
    expect(lines.at(-1)?.message).toBe('stopped');
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(120);
  }, 30_000);
});

describe("a person's leads and retention", () => {
  it('forget erases every lead of one address (any case), prune the old ones; stats add up', async () => {
    const db = freshDb();
    const server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: SITE });
    const tokens = await goodTokens(server.origin, 3);
    for (const email of ['asha@example.com', 'ASHA@example.com', 'ravi@example.com']) {
      const body = { ...JSON.parse(lead(email)), lead_token: tokens.pop() };
      expect((await post(server.origin, JSON.stringify(body), SITE)).status).toBe(200);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    const stats = JSON.parse(runCli(['stats'], { LEADS_DB: db }));
    expect(stats).toEqual({ leads: 3, forwarded: 0, pending: 0, failed: 0, notForwarded: 3, spam: 0 });
    expect(JSON.parse(runCli(['forget', '--email', 'Asha@Example.com'], { LEADS_DB: db }))).toEqual({ erased: 2 });
    expect(runCli(['export', '--format', 'csv'], { LEADS_DB: db })).not.toMatch(/asha@/i);
    expect(JSON.parse(runCli(['prune', '--older-than', '30'], { LEADS_DB: db }))).toEqual({ erased: 0, olderThanDays: 30 });
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(1);
    const refused = runCliRaw(['forget'], { LEADS_DB: db });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/forget needs --email/);
  }, 30_000);
});

describe('a server given PRIVACY_URL, CONTACT_URL, CONSENT_TEXT and HUBSPOT_SUBSCRIPTION_TYPE_ID', () => {
  let server: ServeProcess;
  const consentText = 'Email me news & offers about "WhatsApp Calling".';
  beforeAll(async () => {
    server = await startServeProcess({
      LEADS_DB: freshDb(),
      CORS_ORIGINS: SITE,
      PRIVACY_URL: 'https://www.example.org/privacy',
      CONTACT_URL: 'https://www.example.org/demo',
      CONSENT_TEXT: consentText,
      HUBSPOT_SUBSCRIPTION_TYPE_ID: '4242',
    });
  }, 30_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('puts them all in the snippet on its start page (the one the snippet command prints with the same flags), and says nothing is missing', async () => {
    const page = await (await fetch(`${server.origin}/`)).text();
    const flags = ['--privacy-url', 'https://www.example.org/privacy', '--contact-url', 'https://www.example.org/demo'];
    const consent = ['--consent-text', consentText, '--hubspot-subscription-type', '4242'];
    const printed = runCli(['snippet', '--origin', server.origin, ...flags, ...consent], {}).trim();
    expect(page).toContain(printed); // the live preview, unescaped
    expect(printed).toContain(
      'privacy-url="https://www.example.org/privacy" contact-url="https://www.example.org/demo" consent-text="Email me news &#38; offers about &#34;WhatsApp Calling&#34;." hubspot-subscription-type="4242"',
    );
    expect(server.stderr()).not.toMatch(/PRIVACY_URL|CONTACT_URL/);
  });
});
