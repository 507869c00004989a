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
  const url = (name: string, words: string) => {
    const given = value(name);
    return given === undefined || httpUrl(given) ? given : refuse(`${name} must be ${words} (got "${given}").`);
  };
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) refuse(`PORT must be a port number such as 8787 (got "${env.PORT}").`);
  const publicGiven = value('PUBLIC_ORIGIN');
  const host = value('HOST') || (publicGiven ? '0.0.0.0' : '127.0.0.1');
  if (!publicGiven && !LOOPBACK_HOSTS.has(host)) {
    refuse(
      `PUBLIC_ORIGIN is required when HOST is ${host}: set it to the address visitors reach this server at, such as https://leads.example.com (the PDF link and the snippet are built from it, never from a request's Host header).`,
    );
  }
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
  const dailyLimit = value('SALESFORCE_DAILY_LIMIT') ?? '500';
  if (!/^[1-9]\d*$/.test(dailyLimit)) refuse(`SALESFORCE_DAILY_LIMIT must be a whole number of leads a day, such as 500 (got "${dailyLimit}").`);
  const subscriptionType = value('HUBSPOT_SUBSCRIPTION_TYPE_ID');
  if (subscriptionType !== undefined && !isSubscriptionTypeId(subscriptionType))
    refuse(`HUBSPOT_SUBSCRIPTION_TYPE_ID must be the subscription type's id, digits (got "${subscriptionType}").`);
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
  const grace = value('SHUTDOWN_GRACE_SECONDS') || '8';
  if (!/^\d+(\.\d+)?$/.test(grace)) refuse(`SHUTDOWN_GRACE_SECONDS must be a number of seconds such as 8 (got "${grace}").`);
  const points = value('RATE_LIMIT_POINTS') || '10';
  const seconds = value('RATE_LIMIT_SECONDS') || '10';
  if (!/^\d+$/.test(points)) refuse(`RATE_LIMIT_POINTS must be a whole number of leads per window, or 0 for no limit (got "${points}").`);
  if (!/^[1-9]\d*$/.test(seconds)) refuse(`RATE_LIMIT_SECONDS must be a whole number of seconds (got "${seconds}").`);
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
