/** src/shared/hubspot-success.ts: the one check of HubSpot's success answer, for the element's HubSpot mode and the server's forward. */
import { describe, expect, it } from 'vitest';
import { isHubspotSuccess } from '../../src/shared/hubspot-success.js';

describe('isHubspotSuccess', () => {
  it('is an answer with inlineMessage or redirectUri', () => {
    expect(isHubspotSuccess({ inlineMessage: 'Thanks' })).toBe(true);
    expect(isHubspotSuccess({ redirectUri: 'https://example.com/thanks' })).toBe(true);
  });

  it('is not an error answer, nor anything else', () => {
    expect(isHubspotSuccess({ status: 'error', inlineMessage: 'Thanks' })).toBe(false);
    expect(isHubspotSuccess({ inlineMessage: 'Thanks', errors: [] })).toBe(false);
    for (const answer of [undefined, null, 'ok', {}, { inlineMessage: 1 }]) expect(isHubspotSuccess(answer)).toBe(false);
  });
});
