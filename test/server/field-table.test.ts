/**
 * One row added to a copy of the lead field table reaches every place a lead goes: the element's
 * payload and form, the no-JS form page, the server's validation, a real SQLite file, the CSV
 * export and both forwards. The copy is the real module's source with one more row, so nothing
 * here restates how the table is read.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const shared = fileURLToPath(new URL('../../src/shared/', import.meta.url));
const copy = path.join(shared, 'lead-fields.field-table-test.ts');
const ROW = `  {
    key: 'company',
    name: 'Company',
    column: 'company',
    required: true,
    check: 'name',
    input: { label: 'Company', autoComplete: 'organization', type: 'text' },
    hubspot: 'company',
  },
`;

vi.mock('../../src/shared/lead-fields.js', async () => {
  const source = await readFile(path.join(shared, 'lead-fields.ts'), 'utf8');
  const marker = '] as const satisfies readonly LeadField[];';
  if (!source.includes(marker)) throw new Error('the field table no longer ends with its marker');
  await writeFile(copy, source.replace(marker, `${ROW}${marker}`));
  return import(/* @vite-ignore */ copy);
});

const work = await mkdtemp(path.join(tmpdir(), 'field-table-'));
afterAll(async () => {
  await rm(copy, { force: true });
  await rm(work, { recursive: true, force: true });
});

const { LEAD_FIELDS } = await import('../../src/shared/lead-fields.js');
const { buildPayload } = await import('../../src/lib/payload.js');
const { EMPTY_FIELDS } = await import('../../src/lib/lead-form.js');
const { createLeadHandler, createSqliteStore, leadsToCsv } = await import('../../server/index.js');
const { ADAPTERS } = await import('../../server/crm/destinations.js');
const { renderToStaticMarkup } = await import('react-dom/server');
const { createElement } = await import('react');
const { NoScriptForm } = await import('../../src/components/CtaSection/NoScriptForm.js');

const HUBSPOT = 'https://api.hsforms.com/submissions/v3/integration/submit/123456/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';
const typed = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', company: 'Redcliffe Labs' };
const page = { href: 'https://example.com/story/', search: '', referrer: '' };

describe('a field added to the lead field table', () => {
  it('is in the copy the modules below read', () => {
    expect(LEAD_FIELDS.map((field) => field.key)).toContain('company');
  });

  it('is asked for by the element and sent in its payload', () => {
    expect(EMPTY_FIELDS).toHaveProperty('company', '');
    expect(buildPayload(typed as never, '', page).data).toMatchObject({ Company: 'Redcliffe Labs' });
    const form = renderToStaticMarkup(createElement(NoScriptForm, { action: '/api/lead', formUrl: '' }));
    const input = /<label for="([^"]+)">Company<\/label><input id="\1"[^>]*>/.exec(form)?.[0] ?? '';
    expect(input).toContain('name="Company"');
    expect(input).toContain('autoComplete="organization"');
    expect(input).toContain('required=""');
  });

  it('is validated, stored in SQLite, exported and forwarded', async () => {
    const store = await createSqliteStore({ file: path.join(work, 'leads.db') });
    const handler = createLeadHandler({ pdfUrl: 'https://example.com/one-pager.pdf', store, rateLimit: false, delivery: { loop: false } });
    const send = (data: Record<string, string>) =>
      handler(
        new Request('https://example.com/api/lead', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: '', data }),
        }),
      );
    const { data } = buildPayload(typed as never, '', page);

    const missing = await send({ ...data, Company: '  ' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ Company: 'required' });

    expect((await send(data)).status).toBe(200);
    const leads = [];
    for await (const lead of store.exportLeads()) leads.push(lead);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ company: 'Redcliffe Labs' });

    let csv = '';
    for await (const chunk of leadsToCsv(store.exportLeads())) csv += chunk;
    const [header, row] = csv.trim().split('\r\n');
    expect(header!.split(',')).toContain('"company"');
    expect(row).toContain('"Redcliffe Labs"');

    const request = (adapter: 'json' | 'hubspot') =>
      ADAPTERS[adapter].request(leads[0]!, new URL(HUBSPOT), {}, { fetch, renew: false, now: Date.now, timeoutMs: 1000 });
    expect(await request('json')).toMatchObject({ json: { Company: 'Redcliffe Labs' } });
    expect(((await request('hubspot')) as { json: { fields: unknown[] } }).json.fields).toContainEqual({ name: 'company', value: 'Redcliffe Labs' });
    await handler.close();
    await store.close();
  });

  it('is on the no-JavaScript form page the server answers with', async () => {
    const handler = createLeadHandler({
      pdfUrl: '/one-pager.pdf',
      rateLimit: false,
      delivery: { loop: false },
      store: (await import('../../server/index.js')).createMemoryStore(),
    });
    const body = new URLSearchParams({ 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': 'asha@example.com', Company: '' });
    const response = await handler(
      new Request('https://example.com/api/lead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://example.com' },
        body,
      }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<label for="field-company">Company<\/label><input id="field-company" name="Company"[^>]*aria-invalid="true"[^>]*autofocus/);
  });
});
