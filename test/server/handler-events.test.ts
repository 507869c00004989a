/**
 * The element posts its `view` and `open` beacons to its lead endpoint as text/plain. A host that
 * mounts createLeadHandler in its own app (no `serve`, no /api/story-events/ route) counts them in
 * the handler's store, under the same origin rules as leads, and leads still go through.
 */
import { describe, expect, it } from 'vitest';
import { createLeadHandler, createMemoryStore } from '../../server/index.js';

const ENDPOINT = 'https://www.example.com/api/leads';
const PAGE = 'https://www.example.com/story/';
const silent = { info() {}, warn() {}, error() {} };

const beacon = (body: unknown, origin?: string) =>
  new Request(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...(origin ? { Origin: origin } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('story events sent to a mounted createLeadHandler', () => {
  it('counts a view and an open once each, from its own origin or a listed one', async () => {
    const store = createMemoryStore();
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, corsOrigins: ['https://blog.example.com'], rateLimit: false, logger: silent });
    const statuses = [];
    for (const [type, origin] of [
      ['view', 'https://www.example.com'],
      ['view', 'https://www.example.com'], // the same page load again: a duplicate
      ['open', 'https://blog.example.com'],
    ] as const) {
      const response = await handler(beacon({ event: type, id: 'load-0001', page_url: `${PAGE}?email=a@b.example`, utm_campaign: 'spring' }, origin));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([204, 204, 204]);
    const today = new Date().toISOString().slice(0, 10);
    const counts = await store.eventCounts(today);
    expect(counts.map(({ type, count, pageUrl, utmCampaign }) => ({ type, count, pageUrl, utmCampaign })).sort((a, b) => a.type.localeCompare(b.type))).toEqual(
      [
        { type: 'open', count: 1, pageUrl: PAGE, utmCampaign: 'spring' },
        { type: 'view', count: 1, pageUrl: PAGE, utmCampaign: 'spring' },
      ],
    );
    expect((await store.stats()).leads).toBe(0);
    await handler.close();
  });

  it('refuses another site without corsOrigins (a text/plain post needs no preflight), and a bad event', async () => {
    const store = createMemoryStore();
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, rateLimit: false, logger: silent });
    expect((await handler(beacon({ event: 'view', id: 'load-0002' }, 'https://evil.example'))).status).toBe(403);
    expect((await handler(beacon({ event: 'click', id: 'load-0003' }))).status).toBe(400);
    expect((await handler(beacon('x'.repeat(5000)))).status).toBe(413);
    expect(await store.eventCounts('2000-01-01')).toEqual([]);
    await handler.close();
  });
});
