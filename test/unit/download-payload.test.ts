import { describe, expect, it } from 'vitest';
import { fieldOf } from '../../src/shared/lead-fields.js';
import { fieldProblem } from '../../src/shared/field-checks.js';
import { buildPayload, trimFields } from '../../src/lib/payload.js';
import { isComplete, missingFields } from '../../src/lib/lead-form.js';
import { dialogWords } from '../../src/shared/content/dialog.js';
import { resolveDownloadUrl } from '../../src/lib/url.js';
import { pickPdfUrl } from '../../src/lib/lead-download.js';
import { newIdempotencyKey } from '../../src/lib/idempotency.js';

const fields = { firstName: '  Ada ', lastName: '\tLovelace\n', email: ' ada@example.com  ' };

describe('buildPayload', () => {
  it('sends trimmed values, the page, the referrer and every UTM parameter', () => {
    const payload = buildPayload(fields, 'https://forms.example.com/f/1', {
      href: 'https://site.example/case-study/redcliffe-labs/?utm_source=news&utm_medium=email&utm_campaign=q3&utm_term=calls&utm_content=hero',
      search: '?utm_source=news&utm_medium=email&utm_campaign=q3&utm_term=calls&utm_content=hero',
      referrer: 'https://search.example/',
    });
    expect(payload).toEqual({
      url: 'https://forms.example.com/f/1',
      data: {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        'Work Email': 'ada@example.com',
        page_url: 'https://site.example/case-study/redcliffe-labs/?utm_source=news&utm_medium=email&utm_campaign=q3&utm_term=calls&utm_content=hero',
        referrer: 'https://search.example/',
        utm_source: 'news',
        utm_medium: 'email',
        utm_campaign: 'q3',
        utm_term: 'calls',
        utm_content: 'hero',
      },
    });
  });

  it('sends "" for absent UTM parameters and an empty referrer, and keeps the JSON key order', () => {
    const payload = buildPayload(fields, '', { href: 'https://site.example/p/?utm_source=x&other=1', search: '?utm_source=x&other=1', referrer: '' });
    expect(payload.url).toBe('');
    expect(payload.data).toMatchObject({ referrer: '', utm_source: 'x', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' });
    expect(Object.keys(payload.data)).toEqual([
      'First Name',
      'Last Name',
      'Work Email',
      'page_url',
      'referrer',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
    ]);
  });

  it('decodes UTM values and takes the first of repeated ones', () => {
    const payload = buildPayload(fields, '', { href: 'https://s/', search: '?utm_campaign=spring%20sale&utm_campaign=other', referrer: '' });
    expect(payload.data.utm_campaign).toBe('spring sale');
  });

  it("reads Marketo's _mkto_trk from the page's cookies into mkto_trk, and sends no key without a well-formed one", () => {
    const trk = 'id:123-ABC-456&token:_mch-site.example-1594662481190-60776';
    const page = (cookie: string) => ({ href: 'https://site.example/p/', search: '', referrer: '', cookie });
    const sent = buildPayload(fields, 'https://forms.example.com/f/1', page(`hubspotutk=abc; _mkto_trk=${trk}; theme=dark`));
    expect(sent.data.mkto_trk).toBe(trk);
    expect(Object.keys(sent.data).at(-1)).toBe('mkto_trk');
    expect(buildPayload(fields, '', page(`_mkto_trk=${trk}`)).data.mkto_trk).toBe(trk);
    // Another cookie ending in the name, a value not Munchkin's shape, or none at all: no mkto_trk key.
    for (const cookie of [`x_mkto_trk=${trk}`, '_mkto_trk=<script>', '_mkto_trk=', 'theme=dark', '']) {
      expect(buildPayload(fields, '', page(cookie)).data, cookie).not.toHaveProperty('mkto_trk');
    }
  });

  it('keeps markup as plain text (it is never rendered as HTML)', () => {
    const payload = buildPayload({ firstName: '<b>x</b>', lastName: 'y', email: 'a@b.co' }, '', { href: 'https://s/', search: '', referrer: '' });
    expect(JSON.parse(JSON.stringify(payload)).data['First Name']).toBe('<b>x</b>');
  });
});

describe('form rules', () => {
  it('is complete only when every trimmed field has a value', () => {
    expect(isComplete(fields)).toBe(true);
    expect(isComplete({ ...fields, lastName: '   ' })).toBe(false);
    expect(isComplete({ ...fields, email: '' })).toBe(false);
    // What the waiting button's line names: the same test, white space counting as nothing, in the form's order.
    expect(missingFields(fields)).toEqual([]);
    expect(missingFields({ firstName: ' ', lastName: '', email: '\t' })).toEqual(['firstName', 'lastName', 'email']);
    expect(dialogWords.missing(['work email'])).toBe('Add your work email to get the PDF.');
    expect(dialogWords.missing(['first name', 'work email'])).toBe('Add your first name and work email to get the PDF.');
    expect(trimFields(fields)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  });

  it('needs an at sign in the email', () => {
    expect(fieldProblem(fieldOf('email'), 'ada@example.com')).toBeUndefined();
    expect(fieldProblem(fieldOf('email'), 'ada.example.com')).toBe('invalid email');
  });
});

describe('PDF address', () => {
  const endpoint = 'https://site.example/api/download-case-study/';

  it('accepts https and http, resolving relative addresses against the endpoint', () => {
    expect(resolveDownloadUrl('https://cdn.example/one.pdf', endpoint)?.href).toBe('https://cdn.example/one.pdf');
    expect(resolveDownloadUrl('http://cdn.example/one.pdf', endpoint)?.href).toBe('http://cdn.example/one.pdf');
    expect(resolveDownloadUrl('/files/one.pdf', endpoint)?.href).toBe('https://site.example/files/one.pdf');
    expect(resolveDownloadUrl('one.pdf', endpoint)?.href).toBe('https://site.example/api/download-case-study/one.pdf');
  });

  it('refuses javascript:, data:, blob: and other schemes', () => {
    for (const raw of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:application/pdf;base64,JVBERi0=',
      'blob:https://site.example/1-2',
      'file:///etc/passwd',
      'ftp://x/y.pdf',
    ]) {
      expect(resolveDownloadUrl(raw, endpoint), raw).toBeNull();
    }
  });

  it('reads pdf_url, else url, as a non-empty string', () => {
    expect(pickPdfUrl({ pdf_url: '/a.pdf', url: '/b.pdf' })).toBe('/a.pdf');
    expect(pickPdfUrl({ url: '/b.pdf' })).toBe('/b.pdf');
    expect(pickPdfUrl({ pdf_url: '', url: '/b.pdf' })).toBe('/b.pdf');
    expect(pickPdfUrl({ pdf_url: 42 })).toBeUndefined();
    expect(pickPdfUrl({})).toBeUndefined();
    expect(pickPdfUrl(null)).toBeUndefined();
    expect(pickPdfUrl('https://x/a.pdf')).toBeUndefined();
  });
});

describe('newIdempotencyKey', () => {
  it('gives a fresh version 4 UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('newIdempotencyKey outside a secure context', () => {
  it('falls back to crypto.getRandomValues when crypto.randomUUID is missing', async () => {
    const { vi } = await import('vitest');
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
