import { cta } from '../../shared/content.js';
import { normalizeEndpoint } from '../../lib/endpoint.js';
import { safeFormAction } from '../../lib/url.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { OnePagerArt } from '../Illustrations/OnePagerArt.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { ctaSectionStyles } from './cta-section.styles.js';
import { NoScriptForm } from './NoScriptForm.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle).
extendCaseStudySheet(ctaSectionStyles);

export interface CtaSectionProps {
  onDownload(): void;
  /** The element's `endpoint` and `form-url` attributes, for the form shown without JavaScript. */
  endpoint?: string;
  formUrl?: string;
}

/**
 * The call to action (a lazy chunk): a short pitch and the button that opens the download modal.
 * Without JavaScript (server-rendered HTML) the button is hidden and a plain form posts the lead.
 */
export default function CtaSection({ onDownload, endpoint, formUrl }: CtaSectionProps) {
  const action = safeFormAction(normalizeEndpoint(endpoint));
  return (
    <FadeInSection id="cta" className="cta" labelledBy="cta-title">
      <OnePagerArt />
      <div className="cta__copy">
        <h2 className="cta__title" id="cta-title">
          {cta.title}
        </h2>
        <p>{cta.text}</p>
        <p className="cta__no-script">{action ? cta.noScript : cta.noScriptNoForm}</p>
      </div>
      <button type="button" className="button button--primary button--large" part="cta-button" onClick={onDownload}>
        {cta.button}
      </button>
      {action && <NoScriptForm action={action} formUrl={formUrl ?? ''} />}
    </FadeInSection>
  );
}
