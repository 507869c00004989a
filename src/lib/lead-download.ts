import { anySignal } from './abort-signals.js';
import type { LeadProof } from './lead-token.js';
import { download as copy } from '../shared/content.js';
import { FETCHING, HAND_OVER_MS } from './fetching.js';
import { leadCache, leadCacheKey, type LeadCache } from './lead-cache.js';
import { buildPayload, type LeadFields, type PageContext } from './payload.js';
import type { Consent } from '../shared/lead-fields.js';
import { postJson, submitEnvironment, type SubmitEnvironment } from './submit.js';
import { preloadable } from './preload.js';
import { resolveDownloadUrl } from './url.js';

/**
 * The gated download, start to finish: send the lead (or reuse the answer cached for this email),
 * check the PDF address, then save the file. Every failure is logged with the spec's phrase and
 * rejects with a DownloadError whose message carries no personal data.
 */

export interface DownloadEnvironment extends SubmitEnvironment {
  cache: LeadCache;
  log(message: string): void;
  open(url: string, target: string, features: string): unknown;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  later(callback: () => void, ms: number): void;
}

const downloadEnvironment: DownloadEnvironment = {
  ...submitEnvironment,
  cache: leadCache,
  log: (message) => console.error(`<redcliffe-case-study>: ${message}`),
  open: (url, target, features) => window.open(url, target, features),
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  later: (callback, ms) => void setTimeout(callback, ms),
};

/** How long the blob URL lives after the click: long enough for the browser to start saving. */
const REVOKE_AFTER_MS = 60_000;

export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(
    message: string,
    /** A 400's `fields` map (payload data key → problem), when the server named fields to correct. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** The `fields` map of a 400 answer's body (`{"Work Email": "invalid email"}`), or undefined. */
function namedFields(body: unknown): Record<string, string> | undefined {
  const fields = typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const named = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return named.length > 0 ? Object.fromEntries(named) : undefined;
}

/** Log a failure the spec's way (console.error) and reject with it. */
const failWith =
  (env: Pick<DownloadEnvironment, 'log'>) =>
  (message: string): never => {
    env.log(message);
    throw new DownloadError(message);
  };

export interface DownloadRequest {
  endpoint: string;
  formUrl: string;
  fields: LeadFields;
  page: PageContext;
  /** Send the lead to this HubSpot form instead of `endpoint` (the `hubspot-portal` and `hubspot-form` attributes). */
  hubspotPortal?: string | undefined;
  hubspotForm?: string | undefined;
  /** The PDF to save in HubSpot mode (`pdf-url`); default the packaged one next to the element's script. */
  pdfUrl?: string;
  /** The lead server's spam token, fetched when the dialog opened (lead-token.ts); sent as `lead_token`. */
  leadToken?: Promise<LeadProof | undefined> | undefined;
  /** The shown story's id, sent beside `url` and `data` (absent: the lead server counts it as the default story's). */
  story?: string;
  /** The name the saved PDF gets (the story's `pdf.fileName`); default the packaged one-pager's. */
  fileName?: string;
  /** False for a story other than the default one: the packaged one-pager is not its PDF. */
  packagedPdf?: boolean;
  /** What the form showed and the visitor agreed to (the privacy line, the consent box). */
  consent?: Partial<Consent> | undefined;
  /** HubSpot's subscription type of the consent box (`hubspot-subscription-type`). */
  hubspotSubscriptionType?: string | undefined;
}

/** The HubSpot code is a chunk of its own, loaded only where the attributes ask for HubSpot. */
const loadHubspot = preloadable((_retryQuery) => import('./hubspot.js'));

/** The HubSpot form the request names, with the module that talks to it; undefined for the endpoint (said in the console when ill-formed). */
async function hubspotTarget(request: DownloadRequest, env: Pick<DownloadEnvironment, 'log'>) {
  if (!request.hubspotPortal && !request.hubspotForm) return undefined;
  const module = await loadHubspot();
  const url = module.hubspotSubmitUrl(request.hubspotPortal, request.hubspotForm, env.log);
  return url ? { module, url } : undefined;
}

/**
 * The one-page PDF published beside the element's files (dist/), as this module's URL finds it.
 * The name is written out (it is `download.fileName`; a unit test holds them equal): a bundler reads
 * a `new URL()` of a string literal against `import.meta.url` as an asset to copy, where a name built at run time made
 * Vite copy every file beside it into a host app's build. The path is written from dist/chunks/;
 * the build rewrites it for the other places this module lands (scripts/rollup/packaged-file-urls.mjs).
 */
const PACKAGED_PDF = () => new URL('../Leaflet_Case_Study_One_Pager.pdf', import.meta.url).href;

/**
 * The PDF the element hands over itself, not from an answer: `pdf-url` or the story's `pdf.url`,
 * else the packaged one, which is the default story's only (another story without a PDF of its
 * own gets none rather than another customer's).
 */
type OwnPdf = Pick<DownloadRequest, 'pdfUrl' | 'packagedPdf'>;
const hostPdf = ({ pdfUrl, packagedPdf = true }: OwnPdf): string | undefined => pdfUrl?.trim() || (packagedPdf ? PACKAGED_PDF() : undefined);

/** That PDF as a checked absolute address for a link (`pdf-on-failure`), or undefined when there is none or it is not http(s). */
export function fallbackPdfUrl(request: OwnPdf): string | undefined {
  const pdf = hostPdf(request);
  return pdf === undefined ? undefined : resolveDownloadUrl(pdf, document.baseURI)?.href;
}

export interface DownloadOptions {
  env?: Partial<DownloadEnvironment>;
  /** Called with the absolute endpoint right before the lead is sent (not on a cache hit). */
  onSend?(endpoint: string): void;
  signal?: AbortSignal;
}

/**
 * The PDF address for this lead: from the cache, or from the answer of where the lead goes: the
 * endpoint (its `pdf_url`), or a HubSpot form (`hubspot-portal`/`hubspot-form`: success is its
 * `inlineMessage`, and the PDF is `pdf-url` or the packaged one beside the element's script).
 */
export async function requestPdfUrl(request: DownloadRequest, options: DownloadOptions = {}): Promise<URL> {
  const env = { ...downloadEnvironment, ...options.env };
  const fail = failWith(env);
  const { page } = request;
  const hubspot = await hubspotTarget(request, env);
  const base = page.base ?? page.href;
  const target = hubspot ? hubspot.url : new URL(request.endpoint, base).href;
  const key = leadCacheKey(target, request.formUrl, request.fields.email, request.story);
  const cached = env.cache.get(key);
  if (cached) return new URL(cached);

  options.onSend?.(target);
  const payload = buildPayload(request.fields, hubspot ? '' : request.formUrl, page, request.story, request.consent);
  let response: Response;
  try {
    // No Idempotency-Key for HubSpot: its CORS does not allow the header.
    // The spam token and any challenge's solution (lead-token.ts): `lead_token` and `altcha`, or nothing.
    const body = hubspot
      ? hubspot.module.hubspotSubmission(payload, page, env.now(), request.hubspotSubscriptionType)
      : { ...payload, ...(await request.leadToken) };
    response = await postJson(target, body, { env, signal: options.signal, idempotencyKey: !hubspot });
  } catch (error) {
    return fail(`Failed to submit form: ${error instanceof Error ? error.message : 'network error'}`);
  }
  if (hubspot && response.status === 404) {
    return fail(hubspot.module.HUBSPOT_NO_FORM);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fields = response.status === 400 ? (hubspot ? hubspot.module.hubspotFieldProblems : namedFields)(answer) : undefined;
    const message = `Failed to submit form: ${response.status}`;
    if (!fields) return fail(hubspot ? `${message}${hubspot.module.hubspotErrorTypes(answer)}` : message);
    env.log(`${message} (the server refused ${Object.keys(fields).join(', ')})`);
    throw new DownloadError(message, fields);
  }
  if (options.signal?.aborted) return fail('Failed to submit form: gave up while reading the answer');
  if (hubspot && !hubspot.module.isHubspotSuccess(answer)) return fail(hubspot.module.HUBSPOT_UNCONFIRMED);
  const raw = hubspot ? hostPdf(request) : pickPdfUrl(answer);
  if (raw === undefined)
    return fail(
      hubspot ? `No PDF to hand over: the story "${request.story}" names none (its pdf.url) and the element has no pdf-url` : 'No PDF URL received from server',
    );
  const url = resolveDownloadUrl(raw, hubspot ? base : target);
  if (!url) return fail(`Refused the PDF URL received from server: only http: and https: addresses are downloaded (got ${scheme(raw, target)}).`);
  env.cache.set(key, url.href);
  return url;
}

/** `pdf_url`, else `url`, when it is a non-empty string. */
export function pickPdfUrl(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  for (const field of ['pdf_url', 'url']) {
    const value = (answer as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function scheme(raw: string, base: string): string {
  try {
    return new URL(raw, base).protocol;
  } catch {
    return 'an unreadable address';
  }
}

export interface SaveOptions {
  /** Where the temporary `<a download>` is attached for its click (inside the shadow root). */
  container: ParentNode & Node;
  fileName?: string;
  env?: Partial<DownloadEnvironment>;
  signal?: AbortSignal;
}

/**
 * Fetch the PDF and save it under the spec's file name through a blob URL and a temporary
 * `<a download>`. A fetch refused by CORS (a TypeError) falls back to opening the address in a
 * new tab, without an opener.
 */
export async function savePdf(url: URL, options: SaveOptions): Promise<'saved' | 'opened'> {
  const env = { ...downloadEnvironment, ...options.env };
  const fail = failWith(env);
  let blob: Blob;
  try {
    const response = await env.fetch(url.href, { mode: 'cors', credentials: 'omit', signal: options.signal });
    if (!response.ok) return fail(`PDF download failed: ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    if (error instanceof TypeError) {
      env.open(url.href, '_blank', 'noopener');
      return 'opened';
    }
    return fail(`PDF download failed: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
  const href = env.createObjectURL(blob);
  const anchor = (options.container.ownerDocument ?? document).createElement('a');
  anchor.href = href;
  anchor.download = options.fileName ?? copy.fileName;
  anchor.hidden = true;
  options.container.append(anchor);
  anchor.click();
  anchor.remove();
  env.later(() => env.revokeObjectURL(href), REVOKE_AFTER_MS);
  return 'saved';
}

/** Send (or reuse) the lead and save the PDF, all within the 30 s budget, never handing over early. Resolves with the PDF address. */
export async function downloadCaseStudy(request: DownloadRequest, options: DownloadOptions & { container: ParentNode & Node }): Promise<URL> {
  return (await downloadHandingOver(request, { ...options, handOverMs: Infinity })).pdfUrl;
}

export interface HandedOver {
  /** The PDF saved: the one the lead's answer named, or the element's own when it was handed over early. */
  pdfUrl: URL;
  /** Handed over before the lead was sent: settles when it is (rejecting with a DownloadError if it finally could not be). */
  background?: Promise<void>;
}

/**
 * As downloadCaseStudy, but the visitor waits at most `handOverMs` (5 s) for the lead: a send still
 * going then goes on in the background (same request, same retries and Idempotency-Key, in memory
 * only, while the page is open) and the element saves the PDF it can hand over itself (`pdf-url`,
 * the story's, else the packaged one; with none, the visitor waits for the lead as before).
 */
export async function downloadHandingOver(
  request: DownloadRequest,
  options: DownloadOptions & { container: ParentNode & Node; handOverMs?: number },
): Promise<HandedOver> {
  const env = { ...downloadEnvironment, ...options.env };
  const overall = env.timeout(FETCHING.totalBudgetMs);
  const signal = options.signal ? anySignal([overall, options.signal]) : overall;
  const save = (url: URL) =>
    savePdf(url, {
      container: options.container,
      ...(request.fileName ? { fileName: request.fileName } : {}),
      env,
      signal: anySignal([signal, env.timeout(FETCHING.attemptTimeoutMs)]),
    });
  const lead = requestPdfUrl(request, { ...options, env, signal });
  // Without a PDF of its own to hand over (or told never to), the visitor waits for the lead's answer as before.
  const handOverMs = options.handOverMs ?? HAND_OVER_MS;
  const pdf = Number.isFinite(handOverMs) ? hostPdf(request) : undefined;
  const own = pdf === undefined ? undefined : resolveDownloadUrl(pdf, request.page.base ?? request.page.href);
  const late = new Promise<undefined>((resolve) => own && env.later(() => resolve(undefined), handOverMs));
  const first = await Promise.race([lead, late]);
  if (first) {
    await save(first);
    return { pdfUrl: first };
  }
  const background = lead.then(() => undefined);
  background.catch(() => {}); // the caller listens; a save that fails below must not leave it unheard
  await save(own!);
  return { pdfUrl: own!, background };
}
