/**
 * `redcliffe-case-study/server`: the reference lead handler.
 *
 * Importing this module loads no Node built-in: `createLeadHandler` uses only
 * the Fetch API; `createNdjsonStore` and `readLeads` import `node:fs` lazily
 * when called; `toNodeListener` only uses `node:http` types. So a Worker that
 * passes its own `store` can import from here.
 */
export { createLeadHandler } from './handler.js';
export { toNodeListener, type NodeListenerOptions } from './node-adapter.js';
export { createNdjsonStore, readLeads, type NdjsonStore, type NdjsonStoreOptions } from './ndjson-store.js';
export { DATA_FIELDS } from './validate.js';
export type {
  HandlerContext,
  IdempotencyOptions,
  LeadHandler,
  LeadHandlerOptions,
  LeadStore,
  Logger,
  RateLimitOptions,
  StoredLead,
} from './types.js';
