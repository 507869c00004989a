/** The lead app's Hono environment (config, services, what middleware sets in `c.var`): types only, so every folder may import it. */
import type { Context } from 'hono';
import type { leadConfig } from './config.js';
import type { createLeadServices } from './lead-service.js';

export type LeadConfig = ReturnType<typeof leadConfig>;
export type LeadServices = ReturnType<typeof createLeadServices>;

/** What is left of a request's time: every awaited step is bounded by it. */
export interface Deadline {
  /** When the answer is due (ms since the epoch). */
  end: number;
  bound<T>(promise: Promise<T>, what: string): Promise<T>;
}

export type LeadEnv = {
  Variables: {
    services: LeadServices;
    /** The client's key (middleware/client.ts). */
    client: string;
    deadline: Deadline;
    waitUntil?: (work: Promise<unknown>) => void;
  };
};

export type LeadContext = Context<LeadEnv>;
