/**
 * Local stand-ins for the three CRMs, answering as each one's documentation says, on one server
 * (HTTPS with a certificate made here, for a real `serve` given NODE_EXTRA_CA_CERTS; or HTTP, for a
 * handler in this process through `fetchVia`). Every request is recorded.
 *
 * - Salesforce Web-to-Lead, POST /servlet/servlet.WebToLead: 200 to every post, whether it keeps the
 *   lead or drops it. It drops one without the org's ID or a last name, with a value longer than the
 *   Lead field holds (first name 40, last name and email 80), or that `validationRule` refuses.
 *   `salesforce.script` forces the next answers' statuses (a 503 while it is down).
 * - Marketo, POST /identity/oauth/token?grant_type=client_credentials&client_id=…&client_secret=…:
 *   `{ access_token, token_type: 'bearer', expires_in, scope }` (401 `{ error: 'invalid_client' }`
 *   for other credentials; these calls count toward no limit). POST /rest/v1/leads/submitForm.json
 *   with `Authorization: Bearer <token>`: always HTTP 200, with `success: true` and
 *   `result: [{ id, status: 'created' | 'updated' }]`, or `success: false` and
 *   `errors: [{ code, message }]`: 601 for a token it never issued, 602 for an expired one, 606 past
 *   100 calls in 20 s, 615 past 10 at once; or a skipped record, `result: [{ status: 'skipped',
 *   reasons: [{ code: '1xxx', message }] }]`. `marketo.script` forces the next answers.
 * - HubSpot Forms API v3, POST /submissions/v3/integration/submit/{portalId}/{formGuid}: 200
 *   `{ inlineMessage }`, or 400 `{ status: 'error', message, correlationId, errors: [{ message,
 *   errorType }] }`. With `hubspot.gdpr`, a submission without `legalConsentOptions.consent`
 *   (`consentToProcess: true` and its `text`) is refused: MISSING_PROCESSING_CONSENT. `hubspot.script`
 *   forces the next answers (its other 400s: INVALID_EMAIL, FORM_HAS_RECAPTCHA_ENABLED).
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ORG_ID = '00D5g000004XyZa';
export const MARKETO_CLIENT = { id: 'crm-stub-client', secret: 'crm-stub-secret' };
export const HUBSPOT_FORM = '123456/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';
export const PATHS = {
  salesforce: '/servlet/servlet.WebToLead',
  marketoToken: '/identity/oauth/token',
  marketo: '/rest/v1/leads/submitForm.json',
  hubspot: `/submissions/v3/integration/submit/${HUBSPOT_FORM}`,
};

type Answer = { status: number; body: unknown };

export async function startCrmStubs({ secure }: { secure: boolean }) {
  const state = {
    salesforce: {
      posts: [] as Record<string, string>[],
      kept: [] as Record<string, string>[],
      validationRule: (_lead: Record<string, string>) => true,
      /** HTTP statuses to answer the next posts with instead (a 503 while the servlet is down), keeping none of them. */
      script: [] as number[],
    },
    marketo: {
      tokensIssued: 0,
      tokens: new Map<string, number>(),
      expiresIn: 3600,
      calls: [] as number[],
      atOnce: 0,
      mostAtOnce: 0,
      /** Milliseconds each submitForm takes. */
      delayMs: 0,
      submissions: [] as { auth: string; body: any }[],
      script: [] as Answer[],
      nextId: 1000,
    },
    hubspot: { gdpr: false, submissions: [] as any[], script: [] as Answer[] },
    other: [] as string[],
  };
  const json = (res: http.ServerResponse, { status, body }: Answer) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  async function salesforce(req: http.IncomingMessage, url: URL, text: string, res: http.ServerResponse) {
    const lead = Object.fromEntries(new URLSearchParams(text));
    const oid = url.searchParams.get('oid') ?? lead.oid;
    state.salesforce.posts.push({ ...lead, oid: oid ?? '' });
    const scripted = state.salesforce.script.shift();
    if (scripted) return void res.writeHead(scripted, { 'Content-Type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
    const fits = (lead.first_name ?? '').length <= 40 && (lead.last_name ?? '').length <= 80 && (lead.email ?? '').length <= 80;
    if (oid === ORG_ID && lead.last_name && fits && state.salesforce.validationRule(lead)) state.salesforce.kept.push(lead);
    // The servlet's answer says nothing of what became of the lead.
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body></body></html>');
  }

  function marketoToken(url: URL, res: http.ServerResponse) {
    const { searchParams: q } = url;
    if (q.get('grant_type') !== 'client_credentials' || q.get('client_id') !== MARKETO_CLIENT.id || q.get('client_secret') !== MARKETO_CLIENT.secret) {
      return json(res, { status: 401, body: { error: 'invalid_client', error_description: 'Bad client credentials' } });
    }
    const token = `stub-token-${++state.marketo.tokensIssued}:ab`;
    state.marketo.tokens.set(token, Date.now() + state.marketo.expiresIn * 1000);
    json(res, { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: state.marketo.expiresIn, scope: 'api@example.com' } });
  }

  async function marketo(req: http.IncomingMessage, text: string, res: http.ServerResponse) {
    const m = state.marketo;
    const auth = req.headers.authorization ?? '';
    const body = JSON.parse(text);
    m.submissions.push({ auth, body });
    const failed = (code: string, message: string) => json(res, { status: 200, body: { requestId: 'e42b#1', success: false, errors: [{ code, message }] } });
    const token = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
    if (!m.tokens.has(token)) return failed('601', 'Access token invalid');
    if (m.tokens.get(token)! < Date.now()) return failed('602', 'Access token expired');
    const now = Date.now();
    m.calls = m.calls.filter((at) => at > now - 20_000);
    m.calls.push(now);
    if (m.calls.length > 100) return failed('606', "Max rate limit '100' exceeded with in '20' secs");
    if (m.atOnce >= 10) return failed('615', 'Concurrent access limit reached');
    m.atOnce++;
    m.mostAtOnce = Math.max(m.mostAtOnce, m.atOnce);
    await new Promise((resolve) => setTimeout(resolve, m.delayMs));
    m.atOnce--;
    const scripted = m.script.shift();
    if (scripted) return json(res, scripted);
    json(res, { status: 200, body: { requestId: 'e42b#2', result: [{ id: m.nextId++, status: 'created' }], success: true } });
  }

  function hubspot(text: string, res: http.ServerResponse) {
    const body = JSON.parse(text);
    state.hubspot.submissions.push(body);
    const scripted = state.hubspot.script.shift();
    if (scripted) return json(res, scripted);
    const consent = body.legalConsentOptions?.consent;
    if (state.hubspot.gdpr && !(consent?.consentToProcess === true && typeof consent.text === 'string' && consent.text)) {
      const errors = [{ message: 'The form requires consent to process data.', errorType: 'MISSING_PROCESSING_CONSENT' }];
      return json(res, { status: 400, body: { status: 'error', message: 'The request is not valid', correlationId: 'c0ffee', errors } });
    }
    json(res, { status: 200, body: { inlineMessage: 'Thanks for submitting the form.' } });
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://stub');
      if (req.method !== 'POST') return void state.other.push(`${req.method} ${url.pathname}`);
      if (url.pathname === PATHS.salesforce) return void salesforce(req, url, text, res);
      if (url.pathname === PATHS.marketoToken) return marketoToken(url, res);
      if (url.pathname === PATHS.marketo) return void marketo(req, text, res);
      if (url.pathname === PATHS.hubspot) return hubspot(text, res);
      state.other.push(`POST ${url.pathname}`);
      res.writeHead(404).end();
    });
  };

  let certFile: string | undefined;
  let server: http.Server;
  if (secure) {
    const work = await mkdtemp(path.join(tmpdir(), 'crm-stubs-'));
    certFile = path.join(work, 'cert.pem');
    const keyFile = path.join(work, 'key.pem');
    const subject = ['-subj', '/CN=crm-stubs', '-addext', 'subjectAltName=IP:127.0.0.1'];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject, '-keyout', keyFile, '-out', certFile], {
      stdio: 'ignore',
    });
    server = https.createServer({ key: await readFile(keyFile), cert: await readFile(certFile) }, handle);
  } else {
    server = http.createServer(handle);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const origin = `${secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    state,
    origin,
    certFile,
    /** The allowlist entry of each CRM on this stub (the https address a lead's `url` names). */
    destinations: {
      salesforce: `salesforce:https://127.0.0.1:${port}${PATHS.salesforce}?encoding=UTF-8&oid=${ORG_ID}`,
      marketo: `marketo:https://127.0.0.1:${port}${PATHS.marketo}?formId=1029`,
      hubspot: `hubspot:https://127.0.0.1:${port}${PATHS.hubspot}`,
    },
    /** A `fetch` for a handler in this process: the destinations' https addresses, sent to this HTTP stub. */
    fetchVia: ((input: string | URL | Request, init?: RequestInit) =>
      fetch(String(input instanceof Request ? input.url : input).replace(`https://127.0.0.1:${port}`, origin), init)) as typeof fetch,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address after an entry's `crm:` prefix: what a lead's `url` names. */
export const addressOf = (entry: string) => entry.slice(entry.indexOf(':') + 1);
