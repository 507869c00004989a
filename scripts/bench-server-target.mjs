// Child process for scripts/bench-server.mjs, on a loopback port, reporting its port over IPC:
//   BENCH_TARGET=hono    the floor: a bare Hono app behind the same Node adapter (toNodeListener)
//                        that reads the JSON body and answers the same JSON 200, storing nothing;
//                        what the framework and the adapter cost per lead on this machine;
//   BENCH_TARGET=node    a bare node:http listener doing the same, below the framework;
//   otherwise            the lead handler on the store from the environment (DATABASE_URL →
//                        PostgreSQL, else SQLite at LEADS_DB), durable as it ships.
// NODE_SERVER_OPTIONS, rate limiting off (one client sends every lead).
import { createServer } from 'node:http';
import { Hono } from 'hono';
import { NODE_SERVER_OPTIONS, createLeadHandler, toNodeListener } from '../dist/server/index.js';

const target = process.env.BENCH_TARGET;
const quiet = { info() {}, warn() {}, error: (message, meta) => console.error(message, meta ?? '') };
const answer = { pdf_url: 'http://127.0.0.1/redcliffe-one-pager.pdf' };
let handler;
let listener;
if (target === 'hono') {
  const app = new Hono();
  app.post('/api/lead', async (c) => {
    await c.req.json();
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });
  listener = toNodeListener((request) => Promise.resolve(app.fetch(request)));
} else if (target === 'node') {
  const body = JSON.stringify(answer);
  listener = (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(body);
    });
  };
} else {
  handler = createLeadHandler({ pdfUrl: '/redcliffe-one-pager.pdf', rateLimit: false, logger: quiet });
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
