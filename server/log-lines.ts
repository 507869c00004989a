/**
 * Standard output for `serve`'s JSON log lines. Writing to a file or a pipe is synchronous in Node,
 * one system call per line, and at saturation two lines a lead took a sixth of the server's time.
 * Lines are collected and written together once per turn of the event loop (one call for every
 * request that turn answered), and whatever is left when the process exits is written then. A
 * `kill -9` can lose the lines of the turn it interrupts; never a lead, which is on disk before its
 * answer is sent.
 */
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
export function writeLine(line: string): void {
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
