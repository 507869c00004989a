/**
 * What "the same body" means for an Idempotency-Key, and the no-JS form's key. Synchronous
 * (@noble/hashes): WebCrypto's digest round trip to a worker thread was 16 % of the handler's time.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { DATA_FIELDS } from '../src/shared/lead-fields.js';
import { DEFAULT_STORY_ID } from '../src/shared/story-id.js';
import type { LeadData } from './types.js';

/** The fields every lead had when keys were first stored: those added since count only when one is not empty. */
const FIRST_FIELDS = 10;

export function hashOf(formUrl: string, data: LeadData, story = DEFAULT_STORY_ID): string {
  // So a lead without the newer fields, or of the default story, hashes as it did: keys stored then still match.
  const values = [formUrl, ...DATA_FIELDS.map((field) => data[field])];
  if (values.slice(FIRST_FIELDS + 1).every((value) => value === '')) values.length = FIRST_FIELDS + 1;
  if (story !== DEFAULT_STORY_ID) values.push(story);
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(values))));
}
