import { FETCHING } from './fetching.js';

/**
 * The PDF address answered for a lead, remembered in memory for 5 minutes, so a visitor who
 * downloads again creates no second lead (and sends no request at all).
 */
export interface LeadCache {
  get(key: string): string | undefined;
  set(key: string, pdfUrl: string): void;
}

export function leadCacheKey(endpoint: string, formUrl: string, email: string, story = ''): string {
  return JSON.stringify([endpoint, formUrl, email.trim().toLowerCase(), story]);
}

export function createLeadCache(ttlMs: number = FETCHING.cacheLifetimeMs, now: () => number = Date.now): LeadCache {
  const entries = new Map<string, { pdfUrl: string; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expires > now()) return entry.pdfUrl;
      entries.delete(key);
      return undefined;
    },
    set(key, pdfUrl) {
      const time = now();
      for (const [other, entry] of entries) if (entry.expires <= time) entries.delete(other);
      entries.set(key, { pdfUrl, expires: time + ttlMs });
    },
  };
}

/** The cache every element on the page shares (keys include the endpoint and form URL). */
export const leadCache = createLeadCache();
