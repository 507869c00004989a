import { useId, type ReactNode } from 'react';
import { cta, download } from '../../content.js';
import { MAX_FIELD_LENGTH, VISITOR_FIELDS } from '../../lib/lead-contract.js';
import { FIELD_ORDER } from '../../lib/form-check.js';
import { VISITOR_INPUTS } from '../../lib/visitor-inputs.js';

export interface NoScriptFormProps {
  /** A checked form action (safeFormAction). */
  action: string;
  formUrl: string;
  /** The `privacy-url` line under the form, saying what the details are for (PrivacyLine). */
  privacyLine?: ReactNode;
}

/**
 * The download form for visitors without JavaScript: a plain HTML form that posts the lead
 * (application/x-www-form-urlencoded, field names from the lead contract) to the endpoint, which
 * answers 303 to the PDF, or a page that keeps what was typed and says what to fix. Shown only
 * where scripting is off (`@media (scripting: none)`); with JavaScript the dialog is used instead.
 */
export function NoScriptForm({ action, formUrl, privacyLine }: NoScriptFormProps) {
  const id = useId();
  return (
    <form className="cta__form" method="post" action={action} aria-label={download.title}>
      {/* Always rendered (empty for no forwarding): a pasted snippet given a form-url later still hydrates. */}
      <input type="hidden" name="url" value={formUrl} />
      {FIELD_ORDER.map((name) => {
        const { label, autoComplete, type } = VISITOR_INPUTS[name];
        return (
          <div className="cta__field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            <input
              id={`${id}-${name}`}
              name={VISITOR_FIELDS[name]}
              type={type}
              autoComplete={autoComplete}
              spellCheck={type === 'email' ? false : undefined}
              maxLength={MAX_FIELD_LENGTH}
              required
            />
          </div>
        );
      })}
      <button type="submit" className="button button--primary">
        {cta.noScriptSubmit}
      </button>
      {privacyLine}
    </form>
  );
}
