/**
 * What "the same body" means for an Idempotency-Key, and the no-JS form's key. Synchronous
 * (@noble/hashes): WebCrypto's digest round trip to a worker thread was 16 % of the handler's time.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { DATA_FIELDS } from '../src/shared/lead-fields.js';
import { DEFAULT_STORY_ID } from '../src/shared/story-id.js';
import type { LeadData } from './types.js';

export function hashOf(formUrl: string, data: LeadData, story = DEFAULT_STORY_ID): string {
  // The default story leaves the hash as it was before leads named their story: keys stored then still match.
  const values = [formUrl, ...DATA_FIELDS.map((field) => data[field]), ...(story === DEFAULT_STORY_ID ? [] : [story])];
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(values))));
}
