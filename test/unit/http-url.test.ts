import { describe, expect, test } from 'vitest';
import { httpUrl } from '../../src/shared/http-url.js';

describe('httpUrl, the one parser for http(s) addresses', () => {
  test('accepts absolute http(s) addresses and resolves relative ones against a base', () => {
    expect(httpUrl('https://example.com/a?b#c')?.href).toBe('https://example.com/a?b#c');
    expect(httpUrl('http://example.com')?.href).toBe('http://example.com/');
    expect(httpUrl('/pdf/one.pdf', { base: 'https://leads.example.com/api/' })?.href).toBe('https://leads.example.com/pdf/one.pdf');
    expect(httpUrl('HTTPS://EXAMPLE.COM/x')?.href).toBe('https://example.com/x');
  });

  test('refuses other schemes, unparsable text, and relative text without a base', () => {
    for (const raw of [
      'javascript:alert(1)',
      'data:text/html,x',
      'blob:https://a/b',
      'file:///etc/passwd',
      'mailto:a@b.c',
      'ftp://a/b',
      '/relative',
      'https://',
      'http://[::1',
      '',
    ]) {
      expect(httpUrl(raw), raw).toBeNull();
    }
  });

  test('httpsOnly refuses http:', () => {
    expect(httpUrl('http://example.com', { httpsOnly: true })).toBeNull();
    expect(httpUrl('https://example.com', { httpsOnly: true })?.host).toBe('example.com');
  });

  test('refuses a user name or password, which hides where a link goes', () => {
    expect(httpUrl('https://trusted.example@evil.example/')).toBeNull();
    expect(httpUrl('https://user:secret@example.com/')).toBeNull();
  });
});
