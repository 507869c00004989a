/**
 * Marketo's REST submitForm (a "Fill out Form" activity, with the page and the visitor's Munchkin
 * cookie), with a client-credentials token from the same host, kept until it expires and fetched
 * again on 601/602. Marketo answers 200 to its errors, with `success: false`: never delivered then.
 * Its rate (606) and concurrency (615) limits are retried after back-off; a record's 1xxx (a field
 * Marketo refuses) fails at once, in Marketo's words. It takes 100 calls per 20 s and 10 at once.
 */
import { httpUrl } from '../../src/shared/http-url.js';
import { valueOfColumn, type CrmAdapter, type Outcome } from './adapter.js';

const PATH = '/rest/v1/leads/submitForm.json';
const DIGITS = /^\d{1,12}$/;
/** Tokens by host and client: Marketo's last an hour. */
const tokens = new Map<string, Token>();

/** Token fetches under way, by the same key: concurrent attempts wait for one. */
const fetching = new Map<string, Promise<Token | Outcome>>();
type Token = { token: string; until: number };

/** A client-credentials token from the Marketo instance's identity service, or why there is none. */
async function fetchToken(
  url: URL,
  clientId: string,
  clientSecret: string,
  fetch: typeof globalThis.fetch,
  now: () => number,
  timeoutMs: number,
): Promise<Token | Outcome> {
  const identity = new URL('/identity/oauth/token', url.origin);
  identity.search = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString();
  let answer: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | undefined;
  let status: number | undefined;
  try {
    const response = await fetch(identity, { method: 'POST', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    answer = (await response.json().catch(() => undefined)) as typeof answer;
  } catch (error) {
    return { delivered: false, reason: `marketo: no token (${error instanceof Error ? error.name : 'network error'})`, permanent: false };
  }
  if (typeof answer?.access_token !== 'string') {
    const said = String(answer?.error_description ?? answer?.error ?? `status ${status}`);
    return { delivered: false, ...(status === undefined ? {} : { httpStatus: status }), reason: `marketo: no token (${said})`, permanent: false };
  }
  return { token: answer.access_token, until: now() + (Number(answer.expires_in) - 60) * 1000 };
}

type Answer = {
  success?: boolean;
  errors?: { code?: unknown; message?: unknown }[];
  result?: { status?: unknown; reasons?: { code?: unknown; message?: unknown }[] }[];
};

/** One of Marketo's errors: `marketo 1003: Invalid data`, its code alone for the log (a message may echo the lead). */
function failure(error: { code?: unknown; message?: unknown } | undefined, permanent: (code: string) => boolean): Outcome {
  const code = String(error?.code ?? '');
  const renew = code === '601' || code === '602';
  return {
    delivered: false,
    httpStatus: 200,
    reason: `marketo ${code}: ${String(error?.message ?? '')}`,
    logged: `marketo ${code}`,
    permanent: permanent(code),
    renew,
  };
}
const fieldError = (code: string) => /^1\d{3}$/.test(code);

export const marketo: CrmAdapter = {
  check(url, { marketo: credentials }) {
    if (url.pathname !== PATH) return `a Marketo form is https://<Munchkin ID>.mktorest.com${PATH}?formId=<form ID>`;
    if (!DIGITS.test(url.searchParams.get('formId') ?? '')) return 'the address needs ?formId=<digits>, the form leads fill out';
    const program = url.searchParams.get('programId');
    if (program !== null && !DIGITS.test(program)) return 'programId must be digits';
    if (!credentials?.clientId || !credentials.clientSecret)
      return "Marketo needs MARKETO_CLIENT_ID and MARKETO_CLIENT_SECRET (a LaunchPoint custom service's)";
    return undefined;
  },
  async request(lead, url, settings, { fetch, renew, now, timeoutMs }) {
    const { clientId = '', clientSecret = '', fields = {} } = settings.marketo ?? {};
    const key = `${url.host} ${clientId}`;
    let token = renew ? undefined : tokens.get(key);
    if (!token || token.until <= now()) {
      // One fetch per host and client at a time: the leads of one pass share the token it brings.
      let pending = fetching.get(key);
      if (!pending) {
        pending = fetchToken(url, clientId, clientSecret, fetch, now, timeoutMs).finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      const got = await pending;
      if ('delivered' in got) return got;
      token = got;
      tokens.set(key, token);
    }
    const page = httpUrl(lead.pageUrl);
    const program = url.searchParams.get('programId');
    const leadFormFields = { firstName: lead.firstName, lastName: lead.lastName, email: lead.email };
    for (const [column, field] of Object.entries(fields)) Object.assign(leadFormFields, { [field]: valueOfColumn(lead, column) });
    const input = {
      leadFormFields,
      ...(page ? { visitorData: { pageURL: `${page.origin}${page.pathname}`, queryString: page.search.slice(1) } } : {}),
      ...(lead.mktoTrk ? { cookie: lead.mktoTrk } : {}),
    };
    return {
      url: `${url.origin}${PATH}`,
      headers: { Authorization: `Bearer ${token.token}` },
      json: { formId: Number(url.searchParams.get('formId')), ...(program ? { programId: Number(program) } : {}), input: [input] },
    };
  },
  read(status, body) {
    if (status !== 200) return undefined;
    const answer = (body ?? {}) as Answer;
    if (answer.success !== true)
      return answer.errors?.[0] ? failure(answer.errors[0], fieldError) : failure({ message: 'answered without success' }, () => false);
    const record = answer.result?.[0];
    if (record?.status === 'created' || record?.status === 'updated') return { delivered: true, httpStatus: status };
    return failure(record?.reasons?.[0] ?? { message: `record ${String(record?.status)}` }, fieldError);
  },
  limits: { calls: { points: 100, seconds: 20 }, atOnce: 10 },
};
