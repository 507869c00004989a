/**
 * `serve` sends the element's files as the build compressed them (brotli, else gzip), with
 * `Vary: Accept-Encoding`, and the bytes a browser decodes are the file's. A real process; raw
 * sockets (`node:http`, which does not decode) count the bytes on the wire.
 */
import { get } from 'node:http';
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, root, startServeProcess, type ServeProcess } from './processes.js';

function fetchRaw(url: string, acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('serve', () => {
  let work: string;
  let server: ServeProcess;
  let core: string;
  let assets: string;
  beforeAll(async () => {
    await buildServer();
    work = await mkdtemp(path.join(tmpdir(), 'compression-'));
    server = await startServeProcess({ LEADS_DB: path.join(work, 'leads.db') });
    core = (await readdir(path.join(root, 'dist/chunks'))).find((file) => /^core-.*\.js$/.test(file))!;
    const { version } = JSON.parse(await readFile(path.join(root, 'dist/integrity.json'), 'utf8')) as { version: string };
    assets = `${server.origin}/assets/${version}/`;
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(work, { recursive: true, force: true });
  });

  it('sends the core chunk as brotli, gzip or plain as the browser asks, the same bytes once decoded', async () => {
    const original = await readFile(path.join(root, 'dist/chunks', core));
    const br = await fetchRaw(`${assets}chunks/${core}`, 'gzip, deflate, br');
    const gz = await fetchRaw(`${assets}chunks/${core}`, 'gzip');
    const plain = await fetchRaw(`${assets}chunks/${core}`);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    expect(plain.body.equals(original)).toBe(true);
    console.log(`[measure] core chunk on the wire: ${plain.body.length} B plain, ${gz.body.length} B gzip, ${br.body.length} B brotli`);
    expect(br.body.length).toBeLessThan(original.length / 3);
    // An encoding the browser refuses (q=0) or does not name is never sent.
    expect((await fetchRaw(`${assets}chunks/${core}`, 'gzip, br;q=0')).headers['content-encoding']).toBe('gzip');
    expect((await fetchRaw(`${assets}chunks/${core}`, 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('sends the PDF as it is, never re-encoded', async () => {
    const pdf = await fetchRaw(`${assets}Leaflet_Case_Study_One_Pager.pdf`, 'br, gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
