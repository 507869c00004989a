/** `toNodeListener`: a Fetch API handler on `node:http`; @hono/node-server is imported on the first request, so importing this loads nothing. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { LOOPBACK, proxyTrust, type ProxyTrust } from './middleware/client.js';
import type { HandlerContext } from './options.js';
import { internalError } from './respond.js';

/** `createServer(NODE_SERVER_OPTIONS, …)`: slow clients (a slow-header flood) are cut off instead of holding sockets for minutes. */
export const NODE_SERVER_OPTIONS = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
});

export interface NodeListenerOptions {
  /** Proxies whose `X-Forwarded-For` and `-Proto` are believed: addresses, CIDR ranges or `loopback` (`true`). Default none. */
  trustProxy?: boolean | readonly string[];
  /** Base URL for `request.url`. Default: the socket's scheme and the Host header. */
  origin?: string;
  /** Lowers the server's `headersTimeout` and `requestTimeout` to NODE_SERVER_OPTIONS' on the first request. Default true. */
  boundServerTimeouts?: boolean;
}

type Handler = (request: Request, context?: HandlerContext) => Promise<Response>;

export function toNodeListener(handler: Handler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const trust = proxyTrust(options.trustProxy === true ? [LOOPBACK] : options.trustProxy || []);
  let listening: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  const bounded = new WeakSet<Server>();
  return (req, res) => {
    const server = (req.socket as { server?: Server }).server;
    if (options.boundServerTimeouts !== false && server && !bounded.has(server)) {
      bounded.add(server);
      server.headersTimeout = Math.min(server.headersTimeout || Infinity, NODE_SERVER_OPTIONS.headersTimeout);
      server.requestTimeout = Math.min(server.requestTimeout || Infinity, NODE_SERVER_OPTIONS.requestTimeout);
    }
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

/** @internal */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): { address: string | undefined; ignoredHeader: boolean } {
  return trust.client(req.socket.remoteAddress, headerValue(req.headers['x-forwarded-for']));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
