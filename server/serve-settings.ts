/** `serve`'s settings from the environment, checked before anything starts: a bad value's message names it and what to put there. */
import { httpUrl } from '../src/shared/http-url.js';
import { originOf } from './config.js';
import { isSubscriptionTypeId } from '../src/shared/hubspot-submission.js';
import { CONSENT_TEXT_LENGTH } from '../src/shared/lead-fields.js';
import { LEAD_COLUMNS, strayColumn } from './crm/adapter.js';
import { createAllowlist, FORWARD_ADAPTERS } from './crm/destinations.js';
import { LOOPBACK, proxyTrust } from './middleware/client.js';
import { SPAM_CHALLENGES, type SpamChallengeKind } from './spam/challenge.js';
import type { ForwardAdapter } from './types.js';

export type ServeSettings = ReturnType<typeof serveSettings>;

export class SettingError extends Error {
  override name = 'SettingError';
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const list = (value: string | undefined) => (value ?? '').split(',').flatMap((entry) => entry.trim() || []);
const refuse = (message: string, cause?: unknown): never => {
  throw new SettingError(message, { cause });
};
/** The handler's own check of a setting, its TypeError said in the setting's words. */
function checkedBy<T>(check: () => T, words: (problem: string) => string): T {
  try {
    return check();
  } catch (error) {
    return refuse(words((error as Error).message), error);
  }
}

export function serveSettings(env: Record<string, string | undefined>) {
  const value = (name: string) => env[name]?.trim() || undefined;
  const origin = (name: string, text: string, path?: 'ignored') =>
    checkedBy(
      () => originOf(text, name, path && { path }),
      () =>
        name === 'CORS_ORIGINS'
          ? `CORS_ORIGINS must list the origins of the sites that embed the element, separated by commas, such as https://www.example.com,https://blog.example.com ("${text}" is not an origin: scheme and host, no path).`
          : `${name} must be an origin such as https://leads.example.com: scheme and host, no path (got "${text}").`,
    );
  /** The setting (else `fallback`) when `fine`, else refused saying what it `must be`. */
  const checked = (name: string, fine: (given: string) => boolean, mustBe: string, fallback?: string) => {
    const given = value(name) ?? fallback;
    return given === undefined || fine(given) ? given : refuse(`${name} must be ${mustBe} (got "${given}").`);
  };
  const matches = (pattern: RegExp) => (given: string) => pattern.test(given);
  const url = (name: string, mustBe: string) => checked(name, (given) => httpUrl(given) !== null, mustBe);
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) refuse(`PORT must be a port number such as 8787 (got "${env.PORT}").`);
  const publicGiven = value('PUBLIC_ORIGIN');
  const host = value('HOST') || (publicGiven ? '0.0.0.0' : '127.0.0.1');
  if (!publicGiven && !LOOPBACK_HOSTS.has(host))
    refuse(
      `PUBLIC_ORIGIN is required when HOST is ${host}: set it to the address visitors reach this server at, such as https://leads.example.com (the PDF link and the snippet are built from it, never from a request's Host header).`,
    );
  const shownHost = host.includes(':') ? `[${host}]` : host;
  /** `utm_campaign=00N…,consent=00N…`: lead columns to the CRM's fields. */
  const fields = (name: string) => {
    const pairs = list(env[name]).map((pair) => pair.split('='));
    const bad = pairs.find((pair) => pair.length !== 2 || !/^\w{1,80}$/.test(pair[1]!));
    if (bad) refuse(`${name} must be column=field pairs separated by commas, such as utm_campaign=00N5g00000ABCDE (got "${bad.join('=')}").`);
    const mapped = Object.fromEntries(pairs);
    const stray = strayColumn(mapped);
    if (stray) refuse(`${name} maps "${stray}", which is not a lead column: ${LEAD_COLUMNS}.`);
    return pairs.length ? mapped : undefined;
  };
  const dailyLimit = checked('SALESFORCE_DAILY_LIMIT', matches(/^[1-9]\d*$/), 'a whole number of leads a day, such as 500', '500');
  const subscriptionType = checked('HUBSPOT_SUBSCRIPTION_TYPE_ID', isSubscriptionTypeId, "the subscription type's id, digits");
  const consentText = value('CONSENT_TEXT');
  if ((consentText?.length ?? 0) > CONSENT_TEXT_LENGTH) refuse(`CONSENT_TEXT must be at most ${CONSENT_TEXT_LENGTH} characters.`);
  const crm = {
    hubspotToken: value('HUBSPOT_TOKEN'),
    hubspotSubscriptionTypeId: subscriptionType,
    salesforce: {
      oid: value('SALESFORCE_OID'),
      leadSource: value('SALESFORCE_LEAD_SOURCE'),
      fields: fields('SALESFORCE_FIELDS'),
      dailyLimit: Number(dailyLimit),
    },
    marketo: { clientId: value('MARKETO_CLIENT_ID'), clientSecret: value('MARKETO_CLIENT_SECRET'), fields: fields('MARKETO_FIELDS') },
  };
  const adapter = (value('FORWARD_ADAPTER') || 'json') as ForwardAdapter;
  if (!FORWARD_ADAPTERS.includes(adapter)) refuse(`FORWARD_ADAPTER must be ${FORWARD_ADAPTERS.join(' or ')} (got "${adapter}").`);
  const forwardAllowlist = list(env.FORWARD_ALLOWLIST);
  checkedBy(
    () => createAllowlist(forwardAllowlist, adapter, crm),
    (problem) =>
      `FORWARD_ALLOWLIST entries must be absolute https: URLs of your form endpoints, each after an optional ${FORWARD_ADAPTERS.map((name) => `${name}:`).join(', ')} (${problem}).`,
  );
  const trust = value('TRUST_PROXY') || LOOPBACK;
  const trustProxy = trust === 'false' || trust === 'none' ? [] : list(trust);
  checkedBy(
    () => proxyTrust(trustProxy),
    (problem) =>
      `TRUST_PROXY must list the addresses or CIDR ranges of the proxies in front of this server, such as loopback,10.0.0.0/8, or be false for none (not a hop count): ${problem}.`,
  );
  const spamSecret = value('SPAM_SECRET');
  if (spamSecret !== undefined && spamSecret.length < 32)
    refuse('SPAM_SECRET must be at least 32 characters of random text (openssl rand -hex 32), or unset to keep a generated one in the database.');
  const spamChallenge = value('SPAM_CHALLENGE')?.toLowerCase() as SpamChallengeKind | undefined;
  if (spamChallenge !== undefined && !SPAM_CHALLENGES.includes(spamChallenge))
    refuse(`SPAM_CHALLENGE must be ${SPAM_CHALLENGES.join(' or ')}, or unset for no challenge (got "${env.SPAM_CHALLENGE}").`);
  // Not trimmed: a password is what it is. Short ones are refused: /admin can erase leads.
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 12)
    refuse('ADMIN_PASSWORD must be at least 12 characters (it guards the leads on /admin), or unset for no /admin.');
  const grace = checked('SHUTDOWN_GRACE_SECONDS', matches(/^\d+(\.\d+)?$/), 'a number of seconds such as 8', '8');
  const points = checked('RATE_LIMIT_POINTS', matches(/^\d+$/), 'a whole number of leads per window, or 0 for no limit', '10');
  const seconds = checked('RATE_LIMIT_SECONDS', matches(/^[1-9]\d*$/), 'a whole number of seconds', '10');
  return {
    storiesDir: value('STORIES_DIR'),
    rateLimit: Number(points) === 0 ? (false as const) : { points: Number(points), durationSeconds: Number(seconds) },
    port,
    host,
    publicOrigin: origin('PUBLIC_ORIGIN', publicGiven ?? `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${port}`, 'ignored'),
    corsOrigins: list(env.CORS_ORIGINS).map((entry) => origin('CORS_ORIGINS', entry)),
    pdfUrl: url('PDF_URL', 'an absolute http(s) URL, or unset to serve the packaged PDF'),
    privacyUrl: url('PRIVACY_URL', 'the absolute http(s) URL of the privacy notice linked under the download form, such as https://www.example.com/privacy'),
    contactUrl: url('CONTACT_URL', 'the absolute http(s) URL of the next step offered after a download (a contact or demo page)'),
    forwardAllowlist,
    forwardAdapter: adapter,
    crm,
    consentText,
    trustProxy,
    shutdownGraceMs: Number(grace) * 1000,
    spamSecret,
    spamChallenge,
    adminPassword,
  };
}
