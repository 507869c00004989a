/**
 * The answer to a good submit of the no-JS form: a thank-you page in the element's brand, in place
 * of the bare PDF, with the PDF's link as its primary action, the next step where the page gave one
 * (the host's `contact-url` and the story's line before it) and the way back to the story. A
 * reload sends the same form again: the lead is kept once (its key is the lead itself).
 */
import { cta } from '../../src/shared/content/call-to-action.js';
import { confirmation } from '../../src/shared/content/thanks.js';
import { escapeAttribute } from '../../src/shared/html.js';
import { answerPage } from './answer-page.js';
import type { FormValues } from './form-page.js';

/** The thank-you page's own words (the element's, the same for every story). */
const thanks = {
  ready: 'Your one-page case study is ready.',
} as const;

export function thanksPage(values: FormValues, pdfUrl: string): Promise<Response> {
  const e = escapeAttribute;
  const { next } = values.links;
  const main = `<p>${e(thanks.ready)}</p><p><a class="action" href="${e(pdfUrl)}">${e(confirmation.link)}</a></p>${
    next
      ? `<section class="next" aria-label="${e(next.label)}">${next.text ? `<p>${e(next.text)}</p>` : ''}<p><a class="action action--secondary" href="${e(next.url)}">${e(next.label)}</a></p></section>`
      : ''
  }${values.pageUrl ? `<p class="back"><a href="${e(values.pageUrl)}">${e(cta.backToPage)}</a></p>` : ''}`;
  return answerPage({ status: 200, title: confirmation.thanks(values.fields.firstName.trim()), main });
}
