import { cta } from '../../content.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { OnePagerArt } from '../Illustrations/OnePagerArt.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { ctaSectionStyles } from './cta-section.styles.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle).
extendCaseStudySheet(ctaSectionStyles);

export interface CtaSectionProps {
  onDownload(): void;
}

/** The call to action (a lazy chunk): a short pitch and the button that opens the download modal. */
export default function CtaSection({ onDownload }: CtaSectionProps) {
  return (
    <FadeInSection id="cta" className="cta" labelledBy="cta-title">
      <OnePagerArt />
      <div className="cta__copy">
        <h2 className="cta__title" id="cta-title">
          {cta.title}
        </h2>
        <p>{cta.text}</p>
        <p className="cta__no-script">{cta.noScript}</p>
      </div>
      <button type="button" className="button button--primary button--large" part="cta-button" onClick={onDownload}>
        {cta.button}
      </button>
    </FadeInSection>
  );
}
