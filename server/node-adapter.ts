/**
 * `toNodeListener`: mounts a Fetch API handler on `node:http` / `node:https`.
 * Uses only types from `node:http`, so importing it loads no Node built-in.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { PAYLOAD_TOO_LARGE } from './body.js';
import { LOOPBACK, proxyTrust, type ProxyTrust } from './proxy-trust.js';
import { internalError, knownBody, methodNotAllowed } from './respond.js';
import type { HandlerContext } from './types.js';

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

/** Methods the Fetch API's Request refuses to carry: answered 405 here, as every other non-POST. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export interface NodeListenerOptions {
  /**
   * The proxies whose `X-Forwarded-For` (and `X-Forwarded-Proto`) are believed: addresses, CIDR
   * ranges (`10.0.0.0/8`) or `loopback`; `true` is `['loopback']` (a proxy on the same host). From
   * a trusted peer the client is the right-most forwarded address that is not a trusted proxy;
   * from any other peer the header is ignored and `socket.remoteAddress` is the client. Default
   * `false`: no one (otherwise clients could pick their own rate-limit key).
   */
  trustProxy?: boolean | readonly string[];
  /** Base URL for `request.url` (e.g. `https://example.com`). Default: `http://` + the Host header. */
  origin?: string;
  /** Body bytes passed to the handler before the stream is cut. Default 16 KiB. */
  maxBodyBytes?: number;
  /**
   * Lower the server's `headersTimeout` and `requestTimeout` to NODE_SERVER_OPTIONS' values (never
   * raise them) on the first request, for servers created without them. Default true. Pass the
   * options to `createServer` as well: the connection check interval can only be set there.
   */
  boundServerTimeouts?: boolean;
}

type Handler = (request: Request, context?: HandlerContext) => Promise<Response>;

export function toNodeListener(handler: Handler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const trust = proxyTrust(options.trustProxy === true ? [LOOPBACK] : options.trustProxy || []);
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;

  const bounded = new WeakSet<Server>();
  return (req, res) => {
    const server = (req.socket as { server?: Server }).server;
    if (options.boundServerTimeouts !== false && server && !bounded.has(server)) {
      bounded.add(server);
      if (!(server.headersTimeout > 0) || server.headersTimeout > NODE_SERVER_OPTIONS.headersTimeout) {
        server.headersTimeout = NODE_SERVER_OPTIONS.headersTimeout;
      }
      if (!(server.requestTimeout > 0) || server.requestTimeout > NODE_SERVER_OPTIONS.requestTimeout) {
        server.requestTimeout = NODE_SERVER_OPTIONS.requestTimeout;
      }
    }
    void (async () => {
      let response: Response;
      try {
        response = FORBIDDEN_METHODS.has((req.method ?? '').toUpperCase())
          ? methodNotAllowed()
          : await handler(toRequest(req, options.origin, trust, await readUpTo(req, maxBodyBytes), maxBodyBytes), {
              clientAddress: clientAddress(req, trust).address,
            });
      } catch {
        response = internalError();
      }
      await writeResponse(response, req, res);
    })().catch(() => res.destroy());
  };
}

/** The client address (proxy-trust.ts), and whether an untrusted peer sent `X-Forwarded-For`. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): { address: string | undefined; ignoredHeader: boolean } {
  return trust.client(req.socket.remoteAddress, headerValue(req.headers['x-forwarded-for']));
}

/**
 * The request body as one buffer, or `undefined` past `maxBytes` (the rest is left unread). A
 * buffered body spares a web stream per request, which cost more than anything the handler does.
 */
async function readUpTo(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reading = (req as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  for (;;) {
    // Not `for await`: leaving that loop early would destroy the socket the answer goes out on.
    const { done, value } = await reading.next();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      req.pause();
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A body that fails the way an adapter's cap does: the handler answers 413. */
function tooLarge(maxBytes: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const error = new Error(`request body over ${maxBytes} bytes`);
      error.name = PAYLOAD_TOO_LARGE;
      controller.error(error);
    },
  });
}

function toRequest(req: IncomingMessage, origin: string | undefined, trust: ProxyTrust, body: Uint8Array | undefined | null, maxBodyBytes = 0): Request {
  const proto = trust.trusts(req.socket.remoteAddress) ? headerValue(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim() : undefined;
  const base = origin ?? `${proto === 'https' ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', base);
  } catch {
    url = new URL(req.url ?? '/', 'http://localhost');
  }

  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      // A header the Fetch API refuses; the handler does not need it.
    }
  }

  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: body === undefined ? tooLarge(maxBodyBytes) : body,
    // Required by Node's fetch for a streamed request body.
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // An answer json() made is written from its text; any other is read from its stream.
  const body = knownBody(response) ?? new Uint8Array(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  // The rest of an unread body (e.g. after a 413) would otherwise be parsed as the next request.
  if (!req.complete) res.setHeader('Connection', 'close');
  res.end(body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
