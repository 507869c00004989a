/**
 * A signed, time-bound token handed out when the dialog opens and carried back by the lead: the HMAC proves we issued
 * it, its age that the form was typed in (and not kept for hours), its nonce, written with the lead, that it was used once.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';

/** A token older than this was not from the visit that sends it. */
export const TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;

type TokenCheck = { ok: true; nonce: string } | { ok: false; reason: 'missing' | 'invalid' | 'too_fast' | 'expired' };

/** A page holding what was typed (the no-JS form answered again) asks only for a press: its token counts the typing done. */
const TYPED_CREDIT_MS = MIN_FILL_MS - 1000;

export type BotCheck = ReturnType<typeof createBotCheck>;

/** The secret a store keeps when SPAM_SECRET is not set. */
export const newSecret = (): string => bytesToHex(randomBytes(32));

export function createBotCheck(secret: string, now: () => number = Date.now) {
  const key = utf8ToBytes(secret);
  const sign = (text: string) => bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
  return {
    issue({ typed = false }: { typed?: boolean } = {}) {
      const body = `${now() - (typed ? TYPED_CREDIT_MS : 0)}.${bytesToHex(randomBytes(16))}`;
      return `${body}.${sign(body)}`;
    },
    verify(token: string | null | undefined): TokenCheck {
      if (!token) return { ok: false, reason: 'missing' };
      const match = /^(\d{1,15})\.([0-9a-f]{32})\.([0-9a-f]{64})$/.exec(token);
      if (!match || !sameText(sign(`${match[1]}.${match[2]}`), match[3]!)) return { ok: false, reason: 'invalid' };
      const age = now() - Number(match[1]);
      if (age < MIN_FILL_MS) return { ok: false, reason: 'too_fast' };
      if (age > TOKEN_MAX_AGE_MS) return { ok: false, reason: 'expired' };
      return { ok: true, nonce: match[2]! };
    },
  };
}

/** In time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
