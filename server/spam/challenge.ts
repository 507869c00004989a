/**
 * The optional proof of work (`SPAM_CHALLENGE=altcha`), self-hosted with altcha-lib. Each is bound to its spam token's
 * nonce (`data.t`): a solution is good for one lead. The element solves it while the visitor types; the no-JS form cannot.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

export const SPAM_CHALLENGES = ['altcha'] as const;
export type SpamChallengeKind = (typeof SPAM_CHALLENGES)[number];
/** Hashes a solver needs at most: about 1 s on average at 4x CPU throttling (test/e2e/serve-altcha.test.ts). */
const CHALLENGE_MAX_NUMBER = 30_000;
const CHALLENGE_MAX_AGE_MS = 10 * 60 * 1000;

export type SpamChallenge = ReturnType<typeof createSpamChallenge>;

/** Keyed from the spam-token secret: one secret to set and share. */
export function createSpamChallenge(secret: string, now: () => number = Date.now) {
  const derive = (label: string) => bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`altcha:${label}`)));
  const hmacSignatureSecret = derive('signature');
  const hmacKeySignatureSecret = derive('key');
  return {
    issue(tokenNonce: string) {
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
    async verify(sent: unknown, tokenNonce: string): Promise<boolean> {
      if (typeof sent !== 'object' || sent === null) return false;
      const { challenge, solution } = sent as { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
      const parameters = challenge?.parameters;
      if (typeof parameters !== 'object' || parameters === null || parameters.data?.t !== tokenNonce) return false;
      // Against our clock too (tests move it).
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
