import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { NODE_SERVER_OPTIONS, toNodeListener, type HandlerContext } from '../../server/index.js';
import { jsonOf, setup, validBody } from './helpers.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function listen(
  handler: (request: Request, context?: HandlerContext) => Promise<Response>,
  options?: Parameters<typeof toNodeListener>[1],
): Promise<string> {
  server = createServer(toNodeListener(handler, options));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/lead`;
}

const json = { 'Content-Type': 'application/json' };

describe('toNodeListener with a real node:http server', () => {
  it('POSTs a lead: 200 with the pdf_url resolved against the Host', async () => {
    const { handler, store } = setup();
    const url = await listen(handler);
    const response = await fetch(url, { method: 'POST', headers: json, body: validBody() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await jsonOf(response)).toEqual({ pdf_url: new URL('/one-pager.pdf', url).href });
    expect(store.leads).toHaveLength(1);
  });

  it('413 for a huge body with Content-Length, and the server keeps serving', async () => {
    const { handler, store } = setup();
    const url = await listen(handler);
    const huge = JSON.stringify({ url: '', data: { 'First Name': 'x'.repeat(2_000_000) } });
    const response = await fetch(url, { method: 'POST', headers: json, body: huge });
    expect(response.status).toBe(413);
    expect((await jsonOf(response)).error).toBe('payload_too_large');
    expect((await fetch(url, { method: 'POST', headers: json, body: validBody() })).status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });

  it('413 for a huge chunked body (no Content-Length), cut at the cap', async () => {
    const { handler } = setup();
    const url = await listen(handler);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1_000_000) return controller.close();
        sent += 8192;
        controller.enqueue(new Uint8Array(8192).fill(0x20));
      },
    });
    const response = await fetch(url, { method: 'POST', headers: json, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('405 with Allow for GET', async () => {
    const { handler } = setup();
    const url = await listen(handler);
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('TRACE (which the Fetch API cannot carry) and every other method get 405 with Allow: POST, never 500', async () => {
    const { handler } = setup();
    const url = new URL(await listen(handler));
    for (const method of ['TRACE', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      const { status, allow, body } = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest(url, { method }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, method).toBe(405);
      expect(allow, method).toBe('POST');
      expect(JSON.parse(body).error, method).toBe('method_not_allowed');
    }
  });

  it('bounds header and request time on a server created without them (never raises them)', async () => {
    const { handler } = setup();
    const url = await listen(handler);
    expect(server!.headersTimeout).toBe(60_000); // Node's default, before the first request
    await fetch(url);
    expect(server!.headersTimeout).toBe(NODE_SERVER_OPTIONS.headersTimeout);
    expect(server!.requestTimeout).toBe(NODE_SERVER_OPTIONS.requestTimeout);
  });

  it('passes socket.remoteAddress as the client address, ignoring X-Forwarded-For by default', async () => {
    const { handler } = setup({ rateLimit: { points: 1 } });
    const url = await listen(handler);
    const send = (forwardedFor: string) => fetch(url, { method: 'POST', headers: { ...json, 'X-Forwarded-For': forwardedFor }, body: validBody() });
    expect((await send('203.0.113.1')).status).toBe(200);
    expect((await send('203.0.113.2')).status).toBe(429);
  });

  it('with trustProxy uses the address the proxy appended (last X-Forwarded-For entry)', async () => {
    const seen: (string | undefined)[] = [];
    const { handler } = setup();
    const url = await listen(
      async (request, context) => {
        seen.push(context?.clientAddress);
        return handler(request, context);
      },
      { trustProxy: true },
    );
    await fetch(url, { method: 'POST', headers: { ...json, 'X-Forwarded-For': '6.6.6.6, 203.0.113.5' }, body: validBody() });
    await fetch(url, { method: 'POST', headers: json, body: validBody() });
    expect(seen).toEqual(['203.0.113.5', '127.0.0.1']);
  });

  it('answers 500 JSON if the handler throws', async () => {
    const url = await listen(async () => {
      throw new Error('boom');
    });
    const response = await fetch(url, { method: 'POST', headers: json, body: '{}' });
    expect(response.status).toBe(500);
    expect((await jsonOf(response)).error).toBe('internal_error');
  });
});
