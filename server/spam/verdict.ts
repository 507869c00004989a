/**
 * One verdict on whether a lead is a person's, for both lead routes: the honeypot and the fill time
 * the no-JS form sends (src/shared/bot-traps.ts), then, when tokens are on, the signed spam token
 * (spam/token.ts) and, on JSON, the proof of work (spam/challenge.ts). Suspected spam is stored
 * marked, answered exactly as any lead (a script learns nothing) and never forwarded.
 */
import { looksAutomated } from '../../src/shared/bot-traps.js';
import type { Deadline, SpamInput, SpamVerdict } from '../env.js';
import type { SpamChallenge } from './challenge.js';
import type { BotCheck } from './token.js';

export interface SpamChecks {
  /** The token check, its secret read once; undefined when tokens are off. */
  tokens: (() => Promise<BotCheck>) | undefined;
  /** The proof-of-work check; undefined when it is off. */
  challenge: (() => Promise<SpamChallenge>) | undefined;
  now: () => number;
}

const SECRET = 'reading the spam-token secret';

export async function spamVerdict(checks: SpamChecks, input: SpamInput, deadline: Deadline): Promise<SpamVerdict> {
  if ((input.honeypot ?? '').trim() !== '') return { spam: true, reason: 'honeypot' };
  if (looksAutomated('', input.renderedAt ?? '', checks.now())) return { spam: true, reason: 'sent too fast' };
  if (!checks.tokens) return { spam: false };
  const check = (await deadline.bound(checks.tokens(), SECRET)).verify(typeof input.token === 'string' ? input.token : undefined);
  if (!check.ok) return { spam: true, reason: `token ${check.reason}` };
  // A form cannot solve a challenge; its token (issued on a page, or by the form page) is its proof.
  if (checks.challenge && input.route === 'json' && !(await (await deadline.bound(checks.challenge(), SECRET)).verify(input.solution, check.nonce))) {
    return { spam: true, reason: input.solution === undefined ? 'challenge missing' : 'challenge unsolved', tokenNonce: check.nonce };
  }
  return { spam: false, tokenNonce: check.nonce };
}
