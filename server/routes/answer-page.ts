/**
 * The pages answering the no-JS form (form-page.ts: a field to fix; thanks-page.ts: after a good submit) in the
 * element's brand, a problem in an error style (never the success green). No script; the one stylesheet is allowed by hash.
 */
import { privacy } from '../../src/shared/content.js';
import { escapeAttribute } from '../../src/shared/html.js';
import { colors } from '../../src/shared/theme.js';
import { BASE_STYLE, cspHash, htmlResponse } from '../respond.js';

const PAGE_STYLE = `${BASE_STYLE}
.band { background: ${colors.brandDeep}; color: ${colors.white}; border-bottom: 4px solid ${colors.brand}; }
.band h1 { max-width: 32em; margin: 0 auto; padding: 1.5em 1.25em 1.25em; font-size: 1.6em; line-height: 1.25; }
main { max-width: 32em; margin: 0 auto; padding: 1.5em 1.25em 2em; }
form { display: grid; gap: 1em; margin-top: 1.5em; }
label { display: block; font-weight: 700; margin-bottom: .35em; }
input { box-sizing: border-box; width: 100%; min-height: 2.75em; padding: .65em .85em; font: inherit; color: inherit; background: ${colors.white}; border: 1px solid ${colors.fieldBorder}; border-radius: .6em; }
input[aria-invalid="true"] { border: 2px solid ${colors.invalid}; }
.problem { margin: .35em 0 0; color: ${colors.problem}; font-weight: 700; }
.trap { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.back { margin-top: 2em; }
a { color: ${colors.brandDeep}; font-weight: 700; }
.notice { margin: 0; padding: .75em 1em; border-radius: .6em; background: ${colors.brandSoft}; }
.notice--error { background: ${colors.white}; color: ${colors.problem}; font-weight: 700; border: 2px solid ${colors.invalid}; border-inline-start-width: 6px; }
.privacy { margin: 0; font-size: .875em; color: ${colors.muted}; }
.action { display: inline-block; padding: .7em 1.4em; border-radius: 999px; background: ${colors.brandDeep}; color: ${colors.white}; text-decoration: none; }
.action--secondary { background: ${colors.white}; color: ${colors.brandDeep}; border: 2px solid ${colors.brandDeep}; }
.consent { display: flex; gap: .6em; align-items: flex-start; }
.consent input { width: 1.5em; min-height: 1.5em; margin: 0; flex: none; }
.next { margin-top: 2em; padding-top: 1.5em; border-top: 1px solid ${colors.line}; }
@media (forced-colors: active) { input[aria-invalid="true"], .notice--error { border-color: Mark; } .action { border: 1px solid LinkText; } }
`;
let styleHash: Promise<string> | undefined;

/** The privacy line (the element's words) with its link, or nothing without a checked address. */
export const privacyLine = (url: string | undefined) =>
  url ? `<p class="privacy">${escapeAttribute(privacy.text)} <a href="${escapeAttribute(url)}">${escapeAttribute(privacy.link)}</a></p>` : '';

export interface AnswerPage {
  status: number;
  /** The page's <title> and the heading in its band (plain text). */
  title: string;
  /** The page's content under the band (HTML, every value in it escaped by the caller). */
  main: string;
  headers?: Record<string, string>;
}

export async function answerPage({ status, title, main, headers = {} }: AnswerPage): Promise<Response> {
  const e = escapeAttribute;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><style>${PAGE_STYLE}</style></head><body><header class="band"><h1>${e(title)}</h1></header><main>${main}</main></body></html>`;
  return htmlResponse(html, status, {
    'Content-Security-Policy': `default-src 'none'; style-src ${await (styleHash ??= cspHash(PAGE_STYLE))}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'Referrer-Policy': 'same-origin',
    ...headers,
  });
}
