/**
 * `toNodeListener`: mounts a Fetch API handler on `node:http` / `node:https` through
 * @hono/node-server's request listener (what `serve` runs on too), loaded with a dynamic `import()`
 * on the first request, so importing this module loads no Node built-in. The handler reads and caps
 * the body itself (routes/body.ts); the listener drains what it left unread after the answer.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { LOOPBACK, proxyTrust, type ProxyTrust } from './middleware/client.js';
import type { HandlerContext } from './options.js';
import { internalError } from './respond.js';

/**
 * `node:http` server options for the lead endpoint: a client has 10 s to send its headers and 30 s
 * for the whole request, checked every second, and an idle keep-alive socket is closed after 5 s.
 * Slow clients (a slow-header flood) are cut off instead of holding sockets for minutes.
 * `createServer(NODE_SERVER_OPTIONS, toNodeListener(handler))`.
 */
export const NODE_SERVER_OPTIONS = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
});

export interface NodeListenerOptions {
  /**
   * The proxies whose `X-Forwarded-For` (and `X-Forwarded-Proto`) are believed: addresses, CIDR
   * ranges (`10.0.0.0/8`) or `loopback`; `true` is `['loopback']` (a proxy on the same host). From
   * a trusted peer the client is the right-most forwarded address that is not a trusted proxy;
   * from any other peer the header is ignored and `socket.remoteAddress` is the client. Default
   * `false`: no one (otherwise clients could pick their own rate-limit key).
   */
  trustProxy?: boolean | readonly string[];
  /** Base URL for `request.url` (e.g. `https://example.com`). Default: the socket's scheme + the Host header. */
  origin?: string;
  /**
   * Lower the server's `headersTimeout` and `requestTimeout` to NODE_SERVER_OPTIONS' values (never
   * raise them) on the first request, for servers created without them. Default true. Pass the
   * options to `createServer` as well: the connection check interval can only be set there.
   */
  boundServerTimeouts?: boolean;
}

type Handler = (request: Request, context?: HandlerContext) => Promise<Response>;
type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function toNodeListener(handler: Handler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const trust = proxyTrust(options.trustProxy === true ? [LOOPBACK] : options.trustProxy || []);
  let listening: Promise<Listener> | undefined;
  const bounded = new WeakSet<Server>();
  return (req, res) => {
    const server = (req.socket as { server?: Server }).server;
    if (options.boundServerTimeouts !== false && server && !bounded.has(server)) {
      bounded.add(server);
      server.headersTimeout = Math.min(server.headersTimeout || Infinity, NODE_SERVER_OPTIONS.headersTimeout);
      server.requestTimeout = Math.min(server.requestTimeout || Infinity, NODE_SERVER_OPTIONS.requestTimeout);
    }
    // The scheme a trusted proxy says the visitor used, or the configured origin: the request's URL is made from it.
    const proto = trust.trusts(req.socket.remoteAddress) ? headerValue(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim() : undefined;
    const base = options.origin ?? (proto === 'https' && req.headers.host ? `https://${req.headers.host}` : undefined);
    if (base && req.url?.startsWith('/')) req.url = new URL(req.url, base).href;
    listening ??= import('@hono/node-server').then(({ getRequestListener }) =>
      getRequestListener((request, env) => handler(request, { clientAddress: clientAddress(env.incoming as IncomingMessage, trust).address }), {
        overrideGlobalObjects: false,
        errorHandler: () => internalError(),
      }),
    );
    listening.then((listen) => listen(req, res)).catch(() => res.destroy());
  };
}

/** @internal The client address (middleware/client.ts), and whether an untrusted peer sent `X-Forwarded-For`. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): { address: string | undefined; ignoredHeader: boolean } {
  return trust.client(req.socket.remoteAddress, headerValue(req.headers['x-forwarded-for']));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
