/**
 * The no-JS form's post read, and the page the form route answers with when it does not go
 * through: the form again, with what was typed, what to fix and a fresh spam token.
 */
import { httpUrl } from '../../src/shared/http-url.js';
import { download } from '../../src/shared/content.js';
import { cta } from '../../src/shared/content/call-to-action.js';
import { escapeAttribute } from '../../src/shared/html.js';
import { firstWithMessage } from '../../src/shared/form-check.js';
import { HONEYPOT_FIELD, RENDERED_AT_FIELD } from '../../src/shared/bot-traps.js';
import { fieldOf, LEAD_FIELDS, MAX_FIELD_LENGTH, VISITOR_FIELDS, type Consent, type VisitorField } from '../../src/shared/lead-fields.js';
import { colors } from '../../src/shared/theme.js';
import { BASE_STYLE, cspHash } from '../respond.js';
import { TOKEN_FIELD } from './validate.js';

export type FormValues = ReturnType<typeof readFormValues>;

/** `pageUrl`: the hidden `page_url` a form page sends again, else the `Referer`; '' for anything not given. */
export function readFormValues(text: string, referer: string | null) {
  const params = new URLSearchParams(text);
  const fields = {} as Record<VisitorField, string>;
  for (const field of VISITOR_FIELDS) fields[field] = params.get(fieldOf(field).name) ?? '';
  const page = pageOf(params.get('page_url')) ?? pageOf(referer);
  return {
    fields,
    url: params.get('url') ?? '',
    pageUrl: page?.href ?? '',
    honeypot: params.get(HONEYPOT_FIELD) ?? '',
    renderedAt: (params.get(RENDERED_AT_FIELD) ?? '').slice(0, 20),
    token: (params.get(TOKEN_FIELD) ?? '').slice(0, 200),
    story: (params.get('story') ?? '').slice(0, 200),
    /** What the form showed and whether its box was ticked (an unticked box posts nothing). */
    consent: consentOf(params.get('privacy_text') ?? '', params.get('consent_text') ?? '', params.get('consent') === 'yes'),
  };
}

const consentOf = (privacyText: string, consentText: string, ticked: boolean): Consent => ({
  privacyText,
  consentText,
  consent: consentText ? (ticked ? 'yes' : 'no') : '',
});

/** The JSON body the element would have sent. */
export function leadBodyOf(values: FormValues): { url: string; data: Record<string, string>; story?: string } {
  const page = values.pageUrl ? new URL(values.pageUrl) : undefined;
  const typed: Partial<Record<string, string>> = values.fields;
  const valueOf = (field: (typeof LEAD_FIELDS)[number]): string => {
    if ('input' in field) return typed[field.key] ?? '';
    if (field.from === 'href') return values.pageUrl;
    if (field.from === 'referrer') return ''; // the Referer is the page itself, not where the visitor came from
    if (field.from === 'consent') return values.consent[field.key];
    if (field.from === 'cookie') return ''; // the host page's cookies are not sent here
    return (page?.searchParams.get(field.name) ?? '').slice(0, MAX_FIELD_LENGTH);
  };
  const data = Object.fromEntries(LEAD_FIELDS.map((field) => [field.name, valueOf(field)]));
  return { url: values.url, data, ...(values.story ? { story: values.story } : {}) };
}

function pageOf(raw: string | null): URL | undefined {
  if (!raw || raw.length > MAX_FIELD_LENGTH) return undefined;
  return httpUrl(raw) ?? undefined;
}

const PAGE_STYLE = `${BASE_STYLE}
main { max-width: 32em; margin: 0 auto; padding: 2em 1.25em; }
h1 { margin: 0 0 .5em; font-size: 1.6em; line-height: 1.25; }
form { display: grid; gap: 1em; margin-top: 1.5em; }
label { display: block; font-weight: 700; margin-bottom: .35em; }
input { box-sizing: border-box; width: 100%; min-height: 2.75em; padding: .65em .85em; font: inherit; color: inherit; background: ${colors.white}; border: 1px solid ${colors.fieldBorder}; border-radius: .6em; }
input[aria-invalid="true"] { border: 2px solid ${colors.invalid}; }
.problem { margin: .35em 0 0; color: ${colors.problem}; font-weight: 700; }
.trap { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.back { margin-top: 2em; }
a { color: ${colors.brandDeep}; font-weight: 700; }
.notice { padding: .75em 1em; border-radius: .6em; background: ${colors.brandSoft}; }
.consent { display: flex; gap: .6em; align-items: flex-start; }
.consent input { width: 1.5em; min-height: 1.5em; margin: 0; flex: none; }
@media (forced-colors: active) { input[aria-invalid="true"] { border-color: Mark; } }
`;
let styleHash: Promise<string> | undefined;

export interface FormPageOptions {
  /** 200: the form again, with a token, for a post that carried none. */
  status: 200 | 400 | 403 | 413 | 429 | 503;
  notice: string;
  values?: FormValues;
  messages?: Partial<Record<VisitorField, string>>;
  token?: string | undefined;
  headers?: Record<string, string>;
}

/** The form again, posting to this URL, a message beside each field to fix and focus on the first (`autofocus`: no script). */
export async function formPage({ status, notice, values, messages = {}, token, headers = {} }: FormPageOptions): Promise<Response> {
  const e = escapeAttribute;
  const firstProblem = firstWithMessage(messages);
  const fields = values
    ? VISITOR_FIELDS.map((field) => {
        const { name, input, required } = fieldOf(field);
        const { label, autoComplete, type } = input!;
        const message = messages[field];
        const id = `field-${field}`;
        return `<div><label for="${id}">${e(label)}</label><input id="${id}" name="${e(name)}" type="${type}" autocomplete="${autoComplete}" maxlength="${MAX_FIELD_LENGTH}"${required ? ' required' : ''} value="${e(values.fields[field])}"${
          message ? ` aria-invalid="true" aria-describedby="${id}-problem"` : ''
        }${field === firstProblem ? ' autofocus' : ''}>${message ? `<p class="problem" id="${id}-problem">${e(message)}</p>` : ''}</div>`;
      }).join('')
    : '';
  const { privacyText = '', consentText = '', consent = '' } = values?.consent ?? {};
  const hidden = values
    ? {
        url: values.url,
        page_url: values.pageUrl,
        story: values.story,
        [RENDERED_AT_FIELD]: values.renderedAt,
        [TOKEN_FIELD]: token,
        privacy_text: privacyText,
        consent_text: consentText,
      }
    : {};
  const box = consentText
    ? `<label class="consent"><input type="checkbox" name="consent" value="yes"${consent === 'yes' ? ' checked' : ''}> ${e(consentText)}</label>`
    : '';
  const inputs = Object.entries(hidden).map(([name, value]) => (value ? `<input type="hidden" name="${name}" value="${e(value)}">` : ''));
  const trap = `<div class="trap" aria-hidden="true"><label for="field-${HONEYPOT_FIELD}">${e(cta.trapLabel)}</label><input id="field-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""></div>`;
  const form = values
    ? `<form method="post">${inputs.join('')}${trap}${fields}${box}<div><button type="submit">${e(download.submit)}</button></div></form>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(download.title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${e(download.title)}</h1><p class="notice">${e(notice)}</p>${form}${
    values?.pageUrl ? `<p class="back"><a href="${e(values.pageUrl)}">${e(cta.backToPage)}</a></p>` : ''
  }</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': `default-src 'none'; style-src ${await (styleHash ??= cspHash(PAGE_STYLE))}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'Referrer-Policy': 'same-origin',
      ...headers,
    },
  });
}

/** The browser opens the PDF with GET, and a reload does not post again. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
