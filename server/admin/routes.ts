/** /admin, with ADMIN_PASSWORD: the numbers (HTML, JSON), the CSV export, erasure; behind HTTP Basic, no script. */
import { Hono, type Context } from 'hono';
import { errorName } from '../errors.js';
import { leadsToCsv } from '../export.js';
import { fromAllowedOrigin } from '../middleware/origin.js';
import { errorResponse } from '../respond.js';
import { isFormContentType, readBody } from '../routes/body.js';
import type { LeadStore, Logger } from '../types.js';
import { basicAuth } from './auth.js';
import { analytics, PERIODS, type Period } from './numbers.js';
import { adminHeaders, confirmErase, dashboard, erased } from './page.js';

export interface AdminOptions {
  password: string;
  store: LeadStore;
  publicOrigin: string;
  logger: Logger;
}

/** The erasure form: an email address (at most 320 characters) and `confirm`, URL-encoded. */
const ERASE_FORM_BYTES = 4096;

function periodOf(c: Context): Period | undefined {
  const days = c.req.query('days') ?? '30';
  return PERIODS.find((n) => String(n) === days);
}

export function adminRoutes({ password, store, publicOrigin, logger }: AdminOptions) {
  const app = new Hono<{ Variables: { client: string } }>();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(await adminHeaders())) c.res.headers.set(name, value);
  });
  app.use('*', basicAuth(password, logger));
  const badDays = () => errorResponse(400, 'invalid_days', `days must be one of ${PERIODS.join(', ')}.`);
  app.get('/', async (c) => {
    const days = periodOf(c);
    return days ? dashboard(await analytics(store, days), days) : badDays();
  });
  app.get('/stats.json', async (c) => {
    const days = periodOf(c);
    return days ? c.json(await analytics(store, days)) : badDays();
  });
  app.get('/leads.csv', () => {
    const body = ReadableStream.from(leadsToCsv(store.exportLeads())).pipeThrough(new TextEncoderStream());
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      },
    });
  });
  app.post('/erase', async (c) => {
    // CSRF: another site's page posting through a signed-in browser.
    if (!fromAllowedOrigin(c, [publicOrigin])) {
      logger.warn('erasure refused: posted from another origin');
      return errorResponse(403, 'origin_not_allowed', 'Erasure is only taken from this server’s own /admin page.');
    }
    // Read through the one capped reader: an address and a yes, never more than ERASE_FORM_BYTES.
    const body = await readBody(c.req.raw, ERASE_FORM_BYTES);
    const form = new URLSearchParams(body.ok && isFormContentType(c.req.header('content-type')) ? body.text : '');
    const email = form.get('email')?.trim() ?? '';
    if (email === '' || email.length > 320) return c.redirect('/admin', 303);
    if (form.get('confirm') !== 'yes') return confirmErase(email);
    try {
      const count = await store.forget(email);
      logger.info('leads erased from /admin', { erased: count });
      return erased(email, count);
    } catch (error) {
      logger.error('erasure failed', { error: errorName(error) });
      return errorResponse(503, 'service_unavailable', 'The database did not answer; nothing was erased. Try again.');
    }
  });
  return app;
}
