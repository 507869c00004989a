/**
 * A local HTTPS stand-in for HubSpot's Forms API v3 and for the CDN the HubSpot snippet loads the
 * element from. Chromium reaches it through `hostResolverArgs` (api.hsforms.com and
 * cdn.jsdelivr.net resolve to it; its own certificate is accepted for the run). It serves the
 * package's dist/ files as the CDN would, and answers submissions as HubSpot documents: CORS on
 * every answer, 200 with `inlineMessage`, or what `script` says; it checks each request's shape.
 */
import { execFileSync } from 'node:child_process';
import https from 'node:https';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../server/processes.js';

export const PORTAL = '7654321';
export const FORM = '0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';
const SUBMIT_PATH = `/submissions/v3/integration/submit/${PORTAL}/${FORM}`;

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What HubSpot's v3 submit documents: fields of {name, value}, a context, submittedAt in ms. */
function problemsOf(body: any): string[] {
  const problems: string[] = [];
  const badField = (field: any) => typeof field?.name !== 'string' || typeof field?.value !== 'string' || Object.keys(field).length !== 2;
  if (!Array.isArray(body?.fields) || body.fields.some(badField)) problems.push('fields');
  if (!/^\d{13}$/.test(String(body?.submittedAt))) problems.push('submittedAt');
  if (typeof body?.context?.pageUri !== 'string') problems.push('context.pageUri');
  for (const key of Object.keys(body ?? {})) if (!['fields', 'context', 'submittedAt', 'legalConsentOptions'].includes(key)) problems.push(key);
  return problems;
}

export async function startHubspotStandIn() {
  const work = await mkdtemp(path.join(tmpdir(), 'hubspot-stand-in-'));
  const openssl = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=stand-in'];
  execFileSync('openssl', [...openssl, '-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem')], { stdio: 'ignore' });
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const cdnFolder = `/npm/redcliffe-case-study@${version}/dist/`;
  const state = {
    /** Answers to give, in order; a 200 with `inlineMessage` when empty. */
    script: [] as Answer[],
    /** HubSpot unreachable: every submission's connection is dropped. */
    offline: false,
    submissions: [] as { body: any; problems: string[] }[],
    /** Requests the stand-in does not know (there should be none). */
    other: [] as string[],
  };
  const server = https.createServer({ key: await readFile(path.join(work, 'key.pem')), cert: await readFile(path.join(work, 'cert.pem')) }, (req, res) => {
    const host = req.headers.host ?? '';
    const url = new URL(req.url ?? '/', `https://${host}`);
    if (host.startsWith('cdn.jsdelivr.net') && url.pathname.startsWith(cdnFolder)) {
      const file = path.join(root, 'dist', url.pathname.slice(cdnFolder.length));
      readFile(file).then(
        (bytes) => {
          const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
          res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' }).end(bytes);
        },
        () => res.writeHead(404).end(),
      );
      return;
    }
    // HubSpot's API answers every origin, preflight included.
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };
    if (host.startsWith('api.hsforms.com') && req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (host.startsWith('api.hsforms.com') && req.method === 'POST' && url.pathname === SUBMIT_PATH) {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        if (state.offline) return void req.socket.destroy();
        const body = JSON.parse(text);
        state.submissions.push({ body, problems: problemsOf(body) });
        const answer = state.script.shift() ?? { status: 200, body: { inlineMessage: 'Thanks for submitting the form.' } };
        res.writeHead(answer.status, { ...cors, 'Content-Type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body));
      });
      return;
    }
    state.other.push(`${req.method} ${host}${url.pathname}`);
    res.writeHead(404, cors).end('{"status":"error","message":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    state,
    /** Chromium arguments that send the CDN and HubSpot's API to the stand-in. */
    hostResolverArgs: [`--host-resolver-rules=MAP cdn.jsdelivr.net 127.0.0.1:${port}, MAP api.hsforms.com 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    async close() {
      server.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}
