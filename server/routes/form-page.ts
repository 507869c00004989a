/** The no-JS form's post read, and the form again when it does not go through: what was typed, what to fix, a fresh spam token. */
import { httpUrl } from '../../src/shared/http-url.js';
import { download } from '../../src/shared/content.js';
import { cta } from '../../src/shared/content/call-to-action.js';
import { escapeAttribute } from '../../src/shared/html.js';
import { firstWithMessage } from '../../src/shared/form-check.js';
import { HONEYPOT_FIELD, RENDERED_AT_FIELD } from '../../src/shared/bot-traps.js';
import { fieldOf, LEAD_FIELDS, MAX_FIELD_LENGTH, VISITOR_FIELDS, type Consent, type VisitorField } from '../../src/shared/lead-fields.js';
import { PAGE_LINK_FIELDS } from '../../src/shared/form-page-links.js';
import { answerPage, privacyLine } from './answer-page.js';
import { readPageLinks } from './page-links.js';
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
    consent: consentOf(params),
    /** The privacy notice and the next step the answer pages link to (checked: page-links.ts). */
    links: readPageLinks(params, page?.href ?? ''),
  };
}

function consentOf(params: URLSearchParams): Consent {
  const consentText = params.get('consent_text') ?? '';
  return { privacyText: params.get('privacy_text') ?? '', consentText, consent: consentText ? (params.get('consent') === 'yes' ? 'yes' : 'no') : '' };
}

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
        [PAGE_LINK_FIELDS.privacyUrl]: values.links.privacyUrl,
        [PAGE_LINK_FIELDS.nextUrl]: values.links.next?.url,
        [PAGE_LINK_FIELDS.nextLabel]: values.links.next?.label,
        [PAGE_LINK_FIELDS.nextText]: values.links.next?.text,
      }
    : {};
  const box = consentText
    ? `<label class="consent"><input type="checkbox" name="consent" value="yes"${consent === 'yes' ? ' checked' : ''}> ${e(consentText)}</label>`
    : '';
  const inputs = Object.entries(hidden).map(([name, value]) => (value ? `<input type="hidden" name="${name}" value="${e(value)}">` : ''));
  const trap = `<div class="trap" aria-hidden="true"><label for="field-${HONEYPOT_FIELD}">${e(cta.trapLabel)}</label><input id="field-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""></div>`;
  const form = values
    ? `<form method="post">${inputs.join('')}${trap}${fields}${box}<div><button type="submit">${e(download.submit)}</button></div>${privacyLine(values.links.privacyUrl)}</form>`
    : '';
  // A problem reads as one (an error style, announced first); the request to press once more does not.
  const problem = status >= 400;
  const main = `<p class="notice${problem ? ' notice--error' : ''}"${problem ? ' role="alert"' : ''}>${e(notice)}</p>${form}${
    values?.pageUrl ? `<p class="back"><a href="${e(values.pageUrl)}">${e(cta.backToPage)}</a></p>` : ''
  }`;
  return answerPage({ status, title: download.title, main, headers });
}
