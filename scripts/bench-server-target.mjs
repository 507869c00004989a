// Child process for scripts/bench-server.mjs: the compiled lead handler on a loopback port.
// Reads LEADS_DIR from the environment, disables rate limiting, reports its port over IPC.
import { createServer } from 'node:http';
import { createLeadHandler, createNdjsonStore, toNodeListener } from '../dist/server/index.js';

const store = createNdjsonStore({ dir: process.env.LEADS_DIR });
const quiet = { info() {}, warn() {}, error: console.error };
const handler = createLeadHandler({ pdfUrl: '/redcliffe-one-pager.pdf', store, rateLimit: false, logger: quiet });
const server = createServer(toNodeListener(handler));

server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('message', async (message) => {
  if (message !== 'stop') return;
  server.close();
  server.closeAllConnections();
  await store.close();
  process.exit(0);
});
