/**
 * The optional proof-of-work challenge (`SPAM_CHALLENGE=altcha`, `createLeadHandler({ spamChallenge:
 * 'altcha' })`), made and checked with altcha-lib (ALTCHA's own MIT library, self-hosted: no third
 * party is asked). The token endpoint hands one out with each spam token, bound to that token's
 * nonce (`data.t`), so a solution is good for one lead only: the nonce is written with the lead, and
 * a second lead with it is a replay (spam/token.ts). The element solves it while the visitor types
 * (src/lib/lead-solve.ts) and sends `{ challenge, solution }` as `altcha` beside `lead_token`. A JSON
 * lead without a good solution is spam, handled as a bad token is. The no-JS form cannot solve
 * one, so it is judged by its other checks only (docs/server.md, Bots).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** The values `SPAM_CHALLENGE` and `spamChallenge` take; none (the default) means no puzzle. */
export const SPAM_CHALLENGES = ['altcha'] as const;
export type SpamChallengeKind = (typeof SPAM_CHALLENGES)[number];
/**
 * SHA-256 hashes a solver needs at most; half of it on average: about 1 s at 4x CPU throttling
 * in headless Chromium (test/e2e/serve-altcha.test.ts prints it; docs/server.md, Bots).
 */
const CHALLENGE_MAX_NUMBER = 30_000;
/** A challenge older than this is not from the visit that solved it. */
const CHALLENGE_MAX_AGE_MS = 10 * 60 * 1000;

export interface SpamChallenge {
  /** A signed challenge bound to a spam token's nonce. */
  issue(tokenNonce: string): Promise<Challenge>;
  /** True when `sent` is a solved, unexpired challenge this server signed for `tokenNonce`. */
  verify(sent: unknown, tokenNonce: string): Promise<boolean>;
}

/** The challenge keys derive from the spam-token secret: one secret to set, and to share between instances. */
export function createSpamChallenge(secret: string, now: () => number = Date.now): SpamChallenge {
  const derive = (label: string) => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`altcha:${label}`)));
  const hmacSignatureSecret = derive('signature');
  const hmacKeySignatureSecret = derive('key');
  return {
    issue(tokenNonce) {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        counter: randomInt(CHALLENGE_MAX_NUMBER, 0),
        expiresAt: Math.floor((now() + CHALLENGE_MAX_AGE_MS) / 1000),
        data: { t: tokenNonce },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(sent, tokenNonce) {
      if (typeof sent !== 'object' || sent === null) return false;
      const { challenge, solution } = sent as { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
      const parameters = challenge?.parameters;
      if (typeof parameters !== 'object' || parameters === null || parameters.data?.t !== tokenNonce) return false;
      // altcha-lib checks expiry against the wall clock; this checks it against ours too (tests move it).
      if (typeof parameters.expiresAt !== 'number' || parameters.expiresAt * 1000 < now()) return false;
      try {
        const result = await verifySolution({ challenge: challenge!, solution: solution!, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
        return result.verified;
      } catch {
        return false; // a malformed challenge or solution
      }
    },
  };
}
