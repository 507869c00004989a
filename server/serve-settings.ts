/**
 * `redcliffe-leads serve`'s settings, read from the environment and checked before anything
 * starts: a bad value stops the start with a message naming the setting and what to put there.
 */
import { httpUrl } from '../src/shared/http-url.js';
import { originOf } from './config.js';
import { createAllowlist, FORWARD_ADAPTERS } from './crm/send.js';
import { LOOPBACK, proxyTrust } from './middleware/client.js';
import { SPAM_CHALLENGES, type SpamChallengeKind } from './spam/challenge.js';
import type { ForwardAdapter } from './types.js';

/** The settings, each named as in docs/server.md's table of them. */
export type ServeSettings = ReturnType<typeof serveSettings>;

export class SettingError extends Error {
  override name = 'SettingError';
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function serveSettings(env: Record<string, string | undefined>) {
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`PORT must be a port number such as 8787 (got "${env.PORT}").`);
  const publicGiven = env.PUBLIC_ORIGIN?.trim() || undefined;
  const host = env.HOST?.trim() || (publicGiven ? '0.0.0.0' : '127.0.0.1');
  if (!publicGiven && !LOOPBACK_HOSTS.has(host)) {
    throw new SettingError(
      `PUBLIC_ORIGIN is required when HOST is ${host}: set it to the address visitors reach this server at, such as https://leads.example.com (the PDF link and the snippet are built from it, never from a request's Host header).`,
    );
  }
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const publicOrigin = checked('PUBLIC_ORIGIN', publicGiven ?? `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${port}`, { path: 'ignored' });
  const corsOrigins = list(env.CORS_ORIGINS).map((entry) => checked('CORS_ORIGINS', entry));
  const pdfUrl = env.PDF_URL?.trim() || undefined;
  if (pdfUrl !== undefined && !httpUrl(pdfUrl))
    throw new SettingError(`PDF_URL must be an absolute http(s) URL (got "${pdfUrl}"); leave it unset to serve the packaged PDF.`);
  const privacyUrl = pageUrl(env, 'PRIVACY_URL', 'the privacy notice linked under the download form');
  const contactUrl = pageUrl(env, 'CONTACT_URL', 'the next step offered after a download (a contact or demo page)');
  const forwardAllowlist = list(env.FORWARD_ALLOWLIST);
  try {
    createAllowlist(forwardAllowlist); // the handler's own check, said in the setting's words
  } catch (error) {
    throw new SettingError(`FORWARD_ALLOWLIST entries must be absolute https: URLs of your form endpoints (${(error as Error).message}).`, { cause: error });
  }
  const adapter = (env.FORWARD_ADAPTER?.trim() || 'json') as ForwardAdapter;
  if (!FORWARD_ADAPTERS.includes(adapter)) throw new SettingError(`FORWARD_ADAPTER must be ${FORWARD_ADAPTERS.join(' or ')} (got "${adapter}").`);
  const trust = env.TRUST_PROXY?.trim() || LOOPBACK;
  const trustProxy = trust === 'false' || trust === 'none' ? [] : list(trust);
  try {
    proxyTrust(trustProxy);
  } catch (error) {
    throw new SettingError(
      `TRUST_PROXY must list the addresses or CIDR ranges of the proxies in front of this server, such as loopback,10.0.0.0/8, or be false for none (not a hop count): ${(error as Error).message}.`,
      { cause: error },
    );
  }
  const spamSecret = env.SPAM_SECRET?.trim() || undefined;
  if (spamSecret !== undefined && spamSecret.length < 32) {
    throw new SettingError(
      'SPAM_SECRET must be at least 32 characters of random text (openssl rand -hex 32), or unset to keep a generated one in the database.',
    );
  }
  const spamChallenge = spamChallengeSetting(env.SPAM_CHALLENGE);
  // Not trimmed: a password is what it is. Short ones are refused: /admin can erase leads.
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 12) {
    throw new SettingError('ADMIN_PASSWORD must be at least 12 characters (it guards the leads on /admin), or unset for no /admin.');
  }
  const grace = env.SHUTDOWN_GRACE_SECONDS?.trim() || '8';
  if (!/^\d+(\.\d+)?$/.test(grace)) throw new SettingError(`SHUTDOWN_GRACE_SECONDS must be a number of seconds such as 8 (got "${grace}").`);
  const points = env.RATE_LIMIT_POINTS?.trim() || '10';
  const seconds = env.RATE_LIMIT_SECONDS?.trim() || '10';
  if (!/^\d+$/.test(points)) throw new SettingError(`RATE_LIMIT_POINTS must be a whole number of leads per window, or 0 for no limit (got "${points}").`);
  if (!/^[1-9]\d*$/.test(seconds)) throw new SettingError(`RATE_LIMIT_SECONDS must be a whole number of seconds (got "${seconds}").`);
  return {
    rateLimit: Number(points) === 0 ? (false as const) : { points: Number(points), durationSeconds: Number(seconds) },
    port,
    host,
    publicOrigin,
    corsOrigins,
    pdfUrl,
    privacyUrl,
    contactUrl,
    forwardAllowlist,
    forwardAdapter: adapter,
    hubspotToken: env.HUBSPOT_TOKEN?.trim() || undefined,
    trustProxy,
    shutdownGraceMs: Number(grace) * 1000,
    spamSecret,
    spamChallenge,
    adminPassword,
  };
}

/** SPAM_CHALLENGE: unset or empty for none, else one of SPAM_CHALLENGES. */
function spamChallengeSetting(value: string | undefined): SpamChallengeKind | undefined {
  const kind = value?.trim().toLowerCase() || undefined;
  if (kind !== undefined && !SPAM_CHALLENGES.includes(kind as SpamChallengeKind)) {
    throw new SettingError(`SPAM_CHALLENGE must be ${SPAM_CHALLENGES.join(' or ')}, or unset for no challenge (got "${value}").`);
  }
  return kind as SpamChallengeKind | undefined;
}

/** An optional page address setting: absent, or an absolute http(s) URL (said in the setting's words otherwise). */
function pageUrl(env: Record<string, string | undefined>, name: 'PRIVACY_URL' | 'CONTACT_URL', what: string): string | undefined {
  const value = env[name]?.trim() || undefined;
  if (value !== undefined && !httpUrl(value))
    throw new SettingError(`${name} must be the absolute http(s) URL of ${what}, such as https://www.example.com/privacy (got "${value}").`);
  return value;
}

function checked(name: string, value: string, options?: { path: 'ignored' }): string {
  try {
    return originOf(value, name, options);
  } catch {
    throw new SettingError(
      name === 'CORS_ORIGINS'
        ? `CORS_ORIGINS must list the origins of the sites that embed the element, separated by commas, such as https://www.example.com,https://blog.example.com ("${value}" is not an origin: scheme and host, no path).`
        : `${name} must be an origin such as https://leads.example.com: scheme and host, no path (got "${value}").`,
    );
  }
}
