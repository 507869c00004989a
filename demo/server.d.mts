import type { Server } from 'node:http';
import type { RateLimitOptions } from '../server/options.js';

export declare const FORWARD_ALLOWLIST: string[];

export declare const VERSION: string;
export declare const ASSET_BASE: string;
export declare const PDF_PATH: string;
export declare const API_PATH: string;
export declare const DEMO_FORM_URL: string;
export declare const DEMO_PRIVACY_URL: string;
export declare const DEMO_CONTACT_URL: string;
export declare const STRICT_CSP: string;
export declare const PAGES: { story: string; cms: string; strictCsp: string; clientOnly: string; secondStory: string };
export declare const SECOND_STORY_URL: string;

export interface DemoServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Address to bind. Default `HOST` or 127.0.0.1. */
  host?: string;
  /** SQLite file for leads (ignored when DATABASE_URL selects PostgreSQL). Default `LEADS_DB` or `.leads/leads.db`. */
  leadsDb?: string;
  /** Older option: a folder; leads go to `<leadsDir>/leads.db`. */
  leadsDir?: string;
  /** No request or lead logs. */
  quiet?: boolean;
  /** Rebuild what changed before each page and load the new build (what `npm start` does). */
  live?: boolean;
  rateLimit?: RateLimitOptions | false;
}

export interface DemoServer {
  server: Server;
  port: number;
  /** http://localhost:PORT, for people. */
  origin: string;
  /** The bound address, e.g. http://127.0.0.1:PORT. */
  url: string;
  /** The SQLite file, or undefined when DATABASE_URL selects PostgreSQL. */
  leadsDb: string | undefined;
  /** Where leads go, for people. */
  leadsStore: string;
  urls: Record<'index' | 'story' | 'storyNotFound' | 'cms' | 'strictCsp' | 'clientOnly' | 'secondStory' | 'api' | 'pdf' | 'bundle' | 'stylesheet', string>;
  close(): Promise<void>;
}

export declare function startDemoServer(options?: DemoServerOptions): Promise<DemoServer>;
