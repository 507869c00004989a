/**
 * One verdict for both lead routes: the no-JS form's traps, the signed token and, on JSON, the proof of work. Spam is
 * stored marked, answered as any lead (a script learns nothing) and never forwarded.
 */
import { looksAutomated } from '../../src/shared/bot-traps.js';
import type { Deadline } from '../env.js';
import type { SpamChallenge } from './challenge.js';
import type { BotCheck } from './token.js';

export interface SpamInput {
  honeypot?: string;
  renderedAt?: string;
  token: unknown;
  solution?: unknown;
  route: 'json' | 'form';
}

/** `reason` for the log; `tokenNonce`, a good token's, is written with the lead (a second lead with it is a replay). */
export interface SpamVerdict {
  spam: boolean;
  reason?: string;
  tokenNonce?: string;
}

/** Each check undefined when it is off. */
export interface SpamChecks {
  tokens: (() => Promise<BotCheck>) | undefined;
  challenge: (() => Promise<SpamChallenge>) | undefined;
  now: () => number;
}

export const SECRET = 'reading the spam-token secret';

export async function spamVerdict(checks: SpamChecks, input: SpamInput, deadline: Deadline): Promise<SpamVerdict> {
  if ((input.honeypot ?? '').trim() !== '') return { spam: true, reason: 'honeypot' };
  if (looksAutomated('', input.renderedAt ?? '', checks.now())) return { spam: true, reason: 'sent too fast' };
  if (!checks.tokens) return { spam: false };
  const check = (await deadline.bound(checks.tokens(), SECRET)).verify(typeof input.token === 'string' ? input.token : undefined);
  if (!check.ok) return { spam: true, reason: `token ${check.reason}` };
  // A form cannot solve a challenge; its token (issued on a page, or by the form page) is its proof.
  if (checks.challenge && input.route === 'json' && !(await (await deadline.bound(checks.challenge(), SECRET)).verify(input.solution, check.nonce)))
    return { spam: true, reason: input.solution === undefined ? 'challenge missing' : 'challenge unsolved', tokenNonce: check.nonce };
  return { spam: false, tokenNonce: check.nonce };
}
