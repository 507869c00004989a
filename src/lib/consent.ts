/**
 * What a download form shows the visitor to agree to, as the lead keeps it (the field table's
 * `consent` rows): the privacy line (`privacy-url`), and the optional box (`consent-text`), ticked
 * or not. Plain functions: the dialog's chunk and the call to action's both use them.
 */
import { privacy } from '../shared/content.js';
import { CONSENT_TEXT_LENGTH, type Consent } from '../shared/lead-fields.js';
import { safeLinkHref } from './url.js';

let warned = false;

/** The box's words: `consent-text` trimmed; '' (no box) when absent, or too long for a lead to keep (said once in the console). */
export function consentWords(text: string | undefined): string {
  const words = (text ?? '').trim();
  if (words.length <= CONSENT_TEXT_LENGTH) return words;
  if (!warned) console.error(`<redcliffe-case-study>: consent-text is longer than ${CONSENT_TEXT_LENGTH} characters, so no consent box is shown; shorten it.`);
  warned = true;
  return '';
}

/** The consent a lead carries: the words shown, and the box's state (`no` when shown and left empty). */
export function consentShown(privacyUrl: string | undefined, consentText: string | undefined, ticked: boolean): Consent {
  const words = consentWords(consentText);
  return { privacyText: safeLinkHref(privacyUrl) ? privacy.text : '', consentText: words, consent: words ? (ticked ? 'yes' : 'no') : '' };
}
