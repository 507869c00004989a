/**
 * The log: one line per answer (status and time, nothing a visitor typed), and `serve`'s JSON
 * lines on standard output. Writing to a file or a pipe is synchronous in Node, one system call per
 * line, and at saturation two lines a lead took a sixth of the server's time. So lines are collected
 * and written together once per turn of the event loop, and whatever is left is written at exit: a
 * `kill -9` can lose the lines of the turn it interrupts, never a lead, which is on disk before its
 * answer is sent.
 */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../types.js';

let pending: string[] = [];
let scheduled = false;
let flushesAtExit = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}

/** Queues one line (without its newline) for standard output. */
function writeLine(line: string): void {
  if (!flushesAtExit) {
    flushesAtExit = true;
    process.on('exit', flush);
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
  pending.push(line);
}

const line = (level: string, message: string, meta?: Record<string, unknown>) => JSON.stringify({ time: new Date().toISOString(), level, message, ...meta });

/** `serve`'s logger: JSON lines, errors on standard error. The server only ever passes ids, statuses and error names. */
export const jsonLogger: Logger = {
  info: (message, meta) => writeLine(line('info', message, meta)),
  warn: (message, meta) => writeLine(line('warn', message, meta)),
  error: (message, meta) => console.error(line('error', message, meta)),
};

/** `serve`'s line per request: method, path, status, milliseconds. */
export const requestLines: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round(performance.now() - started);
  writeLine(JSON.stringify({ time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};

/** The lead endpoint's line per answer, at the level its status deserves. */
export const answerLog =
  (logger: Logger): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const { status } = c.res;
    const log = status >= 500 ? logger.error : status >= 400 ? logger.warn : logger.info;
    log.call(logger, 'lead request answered', { status });
  };
