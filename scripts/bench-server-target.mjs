// Child process for scripts/bench-server.mjs: the compiled lead handler on a loopback port, with
// NODE_SERVER_OPTIONS. The store comes from the environment like the real server's: DATABASE_URL
// → PostgreSQL, else SQLite at LEADS_DB. Rate limiting off. Reports its port over IPC.
import { createServer } from 'node:http';
import { NODE_SERVER_OPTIONS, createLeadHandler, toNodeListener } from '../dist/server/index.js';

const quiet = { info() {}, warn() {}, error: (message, meta) => console.error(message, meta ?? '') };
const handler = createLeadHandler({ pdfUrl: '/redcliffe-one-pager.pdf', rateLimit: false, logger: quiet });
await handler.ready();
const server = createServer(NODE_SERVER_OPTIONS, toNodeListener(handler));

server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', async (message) => {
  if (message !== 'stop') return;
  server.close();
  server.closeAllConnections();
  await handler.close();
  process.exit(0);
});
