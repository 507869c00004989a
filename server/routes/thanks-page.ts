/**
 * The thank-you page after a good no-JS submit: the PDF's link, the page's next step and the way back. A reload sends the
 * form again: the lead is kept once (its key is the lead itself).
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
