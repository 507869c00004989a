import { DEFAULT_ENDPOINT } from './constants.js';

/** The endpoint from the element's `endpoint` attribute: its default when absent or blank. */
export function normalizeEndpoint(attribute: string | null | undefined): string {
  return attribute?.trim() || DEFAULT_ENDPOINT;
}
