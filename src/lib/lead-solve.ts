/**
 * The lead server's proof-of-work challenge (`SPAM_CHALLENGE=altcha`, server/spam/challenge.ts),
 * solved with altcha-lib's own solver and Web Crypto SHA-256 while the visitor types. Its own lazy
 * chunk, loaded by lead-token.ts only when the token answer carries a `challenge`: a page whose
 * server asks for none never fetches it. No puzzle is shown; a send before the solution is found
 * waits for it under the form's busy state. Unsolved in 20 s (a very slow device), the lead goes
 * without one, and the server treats it as spam (answered as any lead).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** `{ altcha: { challenge, solution } }` to send beside `lead_token`, or nothing when unsolved. */
export async function solveLeadChallenge(challenge: Challenge): Promise<{ altcha?: object }> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  return solution ? { altcha: { challenge, solution } } : {};
}
