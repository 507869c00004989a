/**
 * The log: nothing a visitor typed. A line written to a pipe is a synchronous system call (a sixth of the server's time
 * at saturation), so lines go once per event-loop turn: a `kill -9` can lose one turn's lines, never a stored lead.
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

/** `serve`'s logger: JSON lines, errors on standard error. */
export const jsonLogger: Logger = {
  info: (message, meta) => writeLine(line('info', message, meta)),
  warn: (message, meta) => writeLine(line('warn', message, meta)),
  error: (message, meta) => console.error(line('error', message, meta)),
};

export const requestLines: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round(performance.now() - started);
  writeLine(JSON.stringify({ time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};

export const answerLog =
  (logger: Logger): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const { status } = c.res;
    const log = status >= 500 ? logger.error : status >= 400 ? logger.warn : logger.info;
    log.call(logger, 'lead request answered', { status });
  };
