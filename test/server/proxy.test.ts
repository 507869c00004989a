/**
 * TRUST_PROXY: X-Forwarded-For is believed only from the proxies it names, and then only its
 * right-most entry that is not one of them. A real `serve` process, reached from two loopback
 * addresses: 127.0.0.2 plays the proxy, 127.0.0.1 a client that reaches the port directly.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTrust } from '../../server/middleware/client.js';
import { buildServer, startServeProcess, type ServeProcess } from './processes.js';

describe('proxyTrust', () => {
  const trust = proxyTrust(['loopback', '10.0.0.0/8', '2001:db8::/32']);
  it('takes the right-most address that is not a trusted proxy, from a trusted peer only', () => {
    expect(trust.client('127.0.0.1', '6.6.6.6, 203.0.113.5')).toEqual({ address: '203.0.113.5', ignoredHeader: false });
    expect(trust.client('10.1.2.3', '6.6.6.6, 203.0.113.5, 10.0.0.9')).toEqual({ address: '203.0.113.5', ignoredHeader: false });
    expect(trust.client('::ffff:127.0.0.1', '198.51.100.4')).toEqual({ address: '198.51.100.4', ignoredHeader: false });
    expect(trust.client('2001:db8::1', '2001:db8::2, 2a00::1')).toEqual({ address: '2a00::1', ignoredHeader: false });
    expect(trust.client('198.51.100.9', '6.6.6.6')).toEqual({ address: '198.51.100.9', ignoredHeader: true });
    expect(trust.client('198.51.100.9', undefined)).toEqual({ address: '198.51.100.9', ignoredHeader: false });
    expect(proxyTrust([]).client('127.0.0.1', '6.6.6.6')).toEqual({ address: '127.0.0.1', ignoredHeader: true });
  });
  it('refuses an entry that is neither an address nor a range', () => {
    expect(() => proxyTrust(['10.0.0.0/99'])).toThrow(/CIDR/);
    expect(() => proxyTrust(['proxy.example.com'])).toThrow(/not an IP address/);
  });
});

/** A lead POST from `localAddress`, with `forwardedFor` when given; resolves to the status. */
function postFrom(origin: string, localAddress: string, forwardedFor?: string): Promise<number> {
  const url = new URL('/api/download-case-study/', origin);
  const body = JSON.stringify({
    url: '',
    data: { 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': `asha+${Math.random()}@example.com` },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('serve behind a proxy', () => {
  let work: string;
  let server: ServeProcess;
  beforeAll(async () => {
    await buildServer();
    work = await mkdtemp(path.join(tmpdir(), 'proxy-'));
    server = await startServeProcess({ LEADS_DB: path.join(work, 'leads.db'), TRUST_PROXY: '127.0.0.2', RATE_LIMIT_POINTS: '1', RATE_LIMIT_SECONDS: '60' });
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(work, { recursive: true, force: true });
  });

  it('gives each visitor behind the trusted proxy their own allowance, keyed by the address the proxy appended', async () => {
    expect(await postFrom(server.origin, '127.0.0.2', '6.6.6.6, 203.0.113.7')).toBe(200);
    expect(await postFrom(server.origin, '127.0.0.2', '203.0.113.8')).toBe(200);
    // A made-up entry on the left changes nothing: the proxy's own entry is the key.
    expect(await postFrom(server.origin, '127.0.0.2', '1.1.1.1, 203.0.113.7')).toBe(429);
  });

  it('ignores the header from a peer that is not a trusted proxy, and says so in the log and on /readyz', async () => {
    expect((await (await fetch(`${server.origin}/readyz`)).json()).forwardedForIgnored).toBeUndefined();
    expect(await postFrom(server.origin, '127.0.0.1', '198.51.100.1')).toBe(200);
    expect(await postFrom(server.origin, '127.0.0.1', '198.51.100.2')).toBe(429);
    const ready = await (await fetch(`${server.origin}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'ready', forwardedForIgnored: { requests: 2 } });
    expect(ready.forwardedForIgnored.warning).toMatch(/TRUST_PROXY/);
    expect(server.stdout().match(/X-Forwarded-For ignored/g)).toHaveLength(1);
    expect(server.stdout()).toMatch(/"message":"listening".*"trustProxy":\["127\.0\.0\.2"\]/);
  });
});
