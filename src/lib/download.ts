import { anySignal } from './signals.js';
import { download as copy } from '../shared/content.js';
import { FETCHING } from './constants.js';
import { leadCache, leadCacheKey, type LeadCache } from './lead-cache.js';
import { buildPayload, type LeadFields, type PageContext } from './payload.js';
import { postJson, submitEnvironment, type SubmitEnvironment } from './submit.js';
import { hubspotFieldProblems, hubspotSubmission, hubspotUrl, isHubspotSuccess, type HubspotForm } from './hubspot.js';
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

export const downloadEnvironment: DownloadEnvironment = {
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

/** The `fields` map of a 400 answer (`{"Work Email": "invalid email"}`), or undefined. */
export async function refusedFields(response: Response): Promise<Record<string, string> | undefined> {
  if (response.status !== 400) return undefined;
  const body: unknown = await response.json().catch(() => null);
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
  /** Send the lead to this HubSpot form instead of `endpoint` (hubspot.ts). */
  hubspot?: HubspotForm;
  /** The PDF to save in HubSpot mode (`pdf-url`); default the packaged one next to the element's script. */
  pdfUrl?: string;
}

/** The one-page PDF published beside the element's files (dist/), as this module's URL finds it. */
const PACKAGED_PDF = () => new URL(`../${copy.fileName}`, import.meta.url).href;

export interface DownloadOptions {
  env?: Partial<DownloadEnvironment>;
  /** Called with the absolute endpoint right before the lead is sent (not on a cache hit). */
  onSend?(endpoint: string): void;
  signal?: AbortSignal;
}

/** The PDF address for this lead: from the cache, or from the endpoint's answer. */
export async function requestPdfUrl(request: DownloadRequest, options: DownloadOptions = {}): Promise<URL> {
  const env = { ...downloadEnvironment, ...options.env };
  const fail = failWith(env);
  if (request.hubspot) return sendToHubspot(request, request.hubspot, options, env);
  const endpoint = new URL(request.endpoint, request.page.base ?? request.page.href).href;
  const key = leadCacheKey(endpoint, request.formUrl, request.fields.email);
  const cached = env.cache.get(key);
  if (cached) return new URL(cached);

  options.onSend?.(endpoint);
  let response: Response;
  try {
    response = await postJson(endpoint, buildPayload(request.fields, request.formUrl, request.page), {
      env,
      signal: options.signal,
    });
  } catch (error) {
    return fail(`Failed to submit form: ${error instanceof Error ? error.message : 'network error'}`);
  }
  if (!response.ok) {
    const fields = await refusedFields(response);
    const message = `Failed to submit form: ${response.status}`;
    if (!fields) return fail(message);
    env.log(`${message} (the server refused ${Object.keys(fields).join(', ')})`);
    throw new DownloadError(message, fields);
  }

  const answer: unknown = await response.json().catch(() => null);
  if (options.signal?.aborted) return fail('Failed to submit form: gave up while reading the answer');
  const raw = pickPdfUrl(answer);
  if (raw === undefined) return fail('No PDF URL received from server');
  const url = resolveDownloadUrl(raw, endpoint);
  if (!url) return fail(`Refused the PDF URL received from server: only http: and https: addresses are downloaded (got ${scheme(raw, endpoint)}).`);
  env.cache.set(key, url.href);
  return url;
}

/**
 * HubSpot mode: the lead goes to the HubSpot form, and the PDF is `pdf-url` or the packaged one.
 * A 400 naming a field is shown beside it; a 404 means the portal or form is wrong, which the
 * console says in words naming the attributes to check.
 */
async function sendToHubspot(request: DownloadRequest, form: HubspotForm, options: DownloadOptions, env: DownloadEnvironment): Promise<URL> {
  const fail = failWith(env);
  const target = hubspotUrl(form);
  const pdf = resolveDownloadUrl(request.pdfUrl?.trim() || PACKAGED_PDF(), request.page.base ?? request.page.href);
  if (!pdf) return fail('Refused pdf-url: only http: and https: addresses are downloaded.');
  const key = leadCacheKey(target, '', request.fields.email);
  if (env.cache.get(key)) return pdf;
  options.onSend?.(target);
  const payload = buildPayload(request.fields, '', request.page);
  let response: Response;
  try {
    response = await postJson(target, hubspotSubmission(payload, { title: request.page.title ?? '', cookie: request.page.cookie ?? '' }, env.now()), {
      env,
      signal: options.signal,
      idempotencyKey: false,
    });
  } catch (error) {
    return fail(`Failed to submit form: ${error instanceof Error ? error.message : 'network error'}`);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 404) {
    return fail(`Failed to submit form: HubSpot has no form ${form.formGuid} in account ${form.portalId}: check the hubspot-portal and hubspot-form attributes.`);
  }
  if (response.status === 400) {
    const fields = hubspotFieldProblems(answer);
    const message = 'Failed to submit form: 400';
    if (!fields) return fail(`${message} (HubSpot refused the submission)`);
    env.log(`${message} (HubSpot refused ${Object.keys(fields).join(', ')})`);
    throw new DownloadError(message, fields);
  }
  if (!response.ok || !isHubspotSuccess(answer)) return fail(`Failed to submit form: ${response.status}`);
  env.cache.set(key, pdf.href);
  return pdf;
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

/** Send (or reuse) the lead and save the PDF, all within the 30 s budget. Resolves with the PDF address. */
export async function downloadCaseStudy(
  request: DownloadRequest,
  options: DownloadOptions & { container: ParentNode & Node },
): Promise<URL> {
  const env = { ...downloadEnvironment, ...options.env };
  const overall = env.timeout(FETCHING.totalBudgetMs);
  const signal = options.signal ? anySignal([overall, options.signal]) : overall;
  const url = await requestPdfUrl(request, { ...options, env, signal });
  await savePdf(url, {
    container: options.container,
    env,
    signal: anySignal([signal, env.timeout(FETCHING.attemptTimeoutMs)]),
  });
  return url;
}
