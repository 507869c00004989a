/**
 * The element's `view` and `open` beacons are posted to its lead endpoint as text/plain (only where
 * the lead server asked for them: `count-views`). A host that mounts createLeadHandler in its own app
 * counts them in the handler's store, under the same origin rule as leads, for pages on its own
 * site or a listed one only; leads still go through.
 */
import { describe, expect, it } from 'vitest';
import { createLeadHandler, createMemoryStore } from '../../server/index.js';

const ENDPOINT = 'https://www.example.com/api/leads';
const PAGE = 'https://www.example.com/story/';
const silent = { info() {}, warn() {}, error() {} };

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('story events sent to a mounted createLeadHandler', () => {
  it('counts a view and an open once each, from its own origin or a listed one, per story and campaign', async () => {
    const store = createMemoryStore();
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, corsOrigins: ['https://blog.example.com'], rateLimit: false, logger: silent });
    const statuses = [];
    for (const [type, origin, page] of [
      ['view', 'https://www.example.com', `${PAGE}?email=a@b.example`],
      ['view', 'https://www.example.com', PAGE], // the same page load again: a duplicate
      ['open', 'https://blog.example.com', 'https://blog.example.com/story/'],
    ] as const) {
      statuses.push((await handler(beacon({ event: type, id: 'load-0001', page_url: page, utm_campaign: 'spring' }, { Origin: origin }))).status);
    }
    expect(statuses).toEqual([204, 204, 204]);
    const counts = await store.counts(new Date().toISOString().slice(0, 10));
    expect(counts.map(({ type, count, story, utmCampaign }) => ({ type, count, story, utmCampaign })).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'open', count: 1, story: 'redcliffe-labs', utmCampaign: 'spring' },
      { type: 'view', count: 1, story: 'redcliffe-labs', utmCampaign: 'spring' },
    ]);
    expect((await store.stats()).leads).toBe(0);
    await handler.close();
  });

  it('refuses another site, Origin: null, a page elsewhere, a bad event and a large one', async () => {
    const store = createMemoryStore();
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, rateLimit: false, logger: silent });
    const view = (id: string, page = PAGE) => ({ event: 'view', id, page_url: page });
    expect((await handler(beacon(view('load-0002'), { Origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handler(beacon(view('load-0003'), { Origin: 'null' }))).status).toBe(403);
    expect((await handler(beacon(view('load-0004'), { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }))).status).toBe(403);
    expect((await handler(beacon(view('load-0005', 'https://elsewhere.example/story/')))).status).toBe(403);
    expect((await handler(beacon({ event: 'click', id: 'load-0006', page_url: PAGE }))).status).toBe(400);
    expect((await handler(beacon({ event: 'view', id: 'load-0007', page_url: PAGE, story: 'Not A Slug' }))).status).toBe(400);
    expect((await handler(beacon('x'.repeat(5000)))).status).toBe(413);
    expect(await store.counts('2000-01-01')).toEqual([]);
    // A page that hides its origin from its own server still counts (the browser says it is the same site).
    expect((await handler(beacon(view('load-0008'), { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }))).status).toBe(204);
    await handler.close();
  });
});
