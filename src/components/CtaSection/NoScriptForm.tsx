import { useId, useState, type ReactNode } from 'react';
import { HONEYPOT_FIELD, RENDERED_AT_FIELD } from '../../shared/bot-traps.js';
import { PAGE_LINK_FIELDS } from '../../shared/form-page-links.js';
import { DOWNLOAD_FORM_ID } from '../../lib/constants.js';
import { cta } from '../../shared/content/call-to-action.js';
import { CONSENT_TEXT_LENGTH, fieldOf, MAX_FIELD_LENGTH, VISITOR_FIELDS } from '../../shared/lead-fields.js';
import { id as defaultId } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { download, privacy } from '../../shared/content.js';
import { safeLinkHref } from '../../lib/url.js';

export interface NoScriptFormProps {
  /** A checked form action (safeWebAddress). */
  action: string;
  formUrl: string;
  /** The `privacy-url` line under the form, saying what the details are for (PrivacyLine). */
  privacyLine?: ReactNode;
  /** `privacy-url` and `consent-text`: the words the form shows go with the post, so the lead keeps what was agreed to. */
  privacyUrl?: string | undefined;
  consentText?: string | undefined;
  /** The `contact-url` link and the story's next step: the server's thank-you page shows them (with the privacy notice's address). */
  nextStep?: { href: string; label: string } | null;
  nextStepText?: string;
}

/**
 * The download form for visitors without JavaScript: a plain HTML form that posts the lead
 * (application/x-www-form-urlencoded, field names from the lead field table) to the endpoint, which
 * answers a thank-you page with the PDF, or a page that keeps what was typed and says what to fix. Shown only
 * where scripting is off (`@media (scripting: none)`); with JavaScript the dialog is used instead.
 */
export function NoScriptForm({ action, formUrl, privacyLine, privacyUrl, consentText, nextStep, nextStepText }: NoScriptFormProps) {
  const id = useId();
  // As the dialog's box (src/lib/consent.ts), which says in the console why a longer text shows none;
  // written out here so that neither costs the first download.
  const words = consentText && consentText.trim().length <= CONSENT_TEXT_LENGTH ? consentText.trim() : '';
  // When the server rendered the form (the client's own render differs, and is never posted).
  const [renderedAt] = useState(() => String(Date.now()));
  return (
    <form className="cta__form" id={DOWNLOAD_FORM_ID} method="post" action={action} aria-label={download.title}>
      {/* Always rendered (empty for no forwarding): a pasted snippet given a form-url later still hydrates. */}
      <input type="hidden" name="url" value={formUrl} />
      {/* The story the lead comes from, as the dialog sends it beside `url` and `data`. */}
      <input type="hidden" name="story" value={useStoryPart('id', defaultId)} />
      <input type="hidden" name={RENDERED_AT_FIELD} value={renderedAt} suppressHydrationWarning />
      {safeLinkHref(privacyUrl) && <input type="hidden" name="privacy_text" value={privacy.text} />}
      {words && <input type="hidden" name="consent_text" value={words} />}
      {/* What the server's pages link to (it checks each address): the privacy notice, and the next step after the PDF.
          Always there, empty without one: a host that adds contact-url to a pasted snippet changes values, not elements, so it still hydrates. */}
      {(
        [
          [PAGE_LINK_FIELDS.privacyUrl, safeLinkHref(privacyUrl)],
          [PAGE_LINK_FIELDS.nextUrl, nextStep?.href],
          [PAGE_LINK_FIELDS.nextLabel, nextStep?.label],
          [PAGE_LINK_FIELDS.nextText, nextStep ? nextStepText : ''],
        ] as const
      ).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ''} suppressHydrationWarning />
      ))}
      {/* Out of sight and out of reach for people (and screen readers): only a script fills it. */}
      <div className="cta__trap" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{cta.trapLabel}</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {VISITOR_FIELDS.map((key) => {
        const { name, input } = fieldOf(key);
        const { label, autoComplete, type } = input!;
        return (
          <div className="cta__field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <input
              id={`${id}-${key}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              spellCheck={type === 'email' ? false : undefined}
              maxLength={MAX_FIELD_LENGTH}
              required={fieldOf(key).required}
            />
          </div>
        );
      })}
      {words && (
        <label className="consent">
          <input type="checkbox" name="consent" value="yes" />
          <span>{words}</span>
        </label>
      )}
      <button type="submit" className="button button--primary">
        {cta.noScriptSubmit}
      </button>
      {privacyLine}
    </form>
  );
}
