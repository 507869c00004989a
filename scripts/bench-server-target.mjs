// Child process for scripts/bench-server.mjs, on a loopback port, reporting its port over IPC:
//   BENCH_TARGET=floor   a bare node:http server that reads the body and answers the same JSON 200
//                        (the floor: what Node itself costs per request on this machine);
//   BENCH_TARGET=memory  the compiled lead handler on the in-memory store;
//   otherwise            the lead handler on the store from the environment (DATABASE_URL →
//                        PostgreSQL, else SQLite at LEADS_DB).
// NODE_SERVER_OPTIONS, rate limiting off.
import { createServer } from 'node:http';
import { NODE_SERVER_OPTIONS, createLeadHandler, createMemoryStore, toNodeListener } from '../dist/server/index.js';

const target = process.env.BENCH_TARGET;
const quiet = { info() {}, warn() {}, error: (message, meta) => console.error(message, meta ?? '') };
let handler;
let listener;
if (target === 'floor') {
  const answer = JSON.stringify({ pdf_url: 'http://127.0.0.1/redcliffe-one-pager.pdf' });
  listener = (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(answer);
    });
  };
} else {
  handler = createLeadHandler({
    pdfUrl: '/redcliffe-one-pager.pdf',
    rateLimit: false,
    logger: quiet,
    ...(target === 'memory' ? { store: createMemoryStore() } : {}),
  });
  await handler.ready();
  listener = toNodeListener(handler);
}
const server = createServer(NODE_SERVER_OPTIONS, listener);

server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', async (message) => {
  if (message !== 'stop') return;
  server.close();
  server.closeAllConnections();
  await handler?.close();
  process.exit(0);
});
