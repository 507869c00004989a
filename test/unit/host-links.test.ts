import { describe, expect, it } from 'vitest';
import { confirmationFor, recalledConfirmation, rememberConfirmation } from '../../src/lib/confirmation.js';
import { contactLink } from '../../src/lib/contact.js';
import { safeLinkHref } from '../../src/lib/url.js';

describe('safeLinkHref (contact-url, privacy-url)', () => {
  it('keeps relative paths, http(s), mailto: and tel: as given', () => {
    for (const value of [
      '/privacy',
      'privacy.html',
      '../legal/privacy',
      'https://example.com/p',
      'http://example.com/p',
      'mailto:sales@example.com',
      'tel:+441234567890',
    ]) {
      expect(safeLinkHref(value)).toBe(value);
    }
    expect(safeLinkHref('  /privacy  ')).toBe('/privacy');
  });
  it('refuses scripts, data, empty values and white space inside', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'blob:https://x/y',
      '',
      '   ',
      null,
      undefined,
      '/a b',
      'https://x\\y',
    ]) {
      expect(safeLinkHref(value)).toBeNull();
    }
  });
});

describe('contactLink', () => {
  it('uses the label, or the default words', () => {
    expect(contactLink('/contact', 'Book a call')).toEqual({ href: '/contact', label: 'Book a call' });
    expect(contactLink('/contact', '  ')).toEqual({ href: '/contact', label: 'Talk to our team' });
    expect(contactLink('/contact', undefined)).toEqual({ href: '/contact', label: 'Talk to our team' });
  });
  it('is absent without a usable address', () => {
    expect(contactLink(undefined, 'Book a call')).toBeNull();
    expect(contactLink('javascript:void 0', 'Book a call')).toBeNull();
  });
});

describe('confirmation memory', () => {
  it('is kept per element, in memory only', () => {
    const a = {};
    const b = {};
    expect(recalledConfirmation(a)).toBeNull();
    rememberConfirmation(a, confirmationFor('  Ada ', 'https://cdn.example.com/x.pdf'));
    expect(recalledConfirmation(a)).toEqual({ firstName: 'Ada', pdfUrl: 'https://cdn.example.com/x.pdf' });
    expect(recalledConfirmation(b)).toBeNull();
    expect(recalledConfirmation(undefined)).toBeNull();
  });
});
