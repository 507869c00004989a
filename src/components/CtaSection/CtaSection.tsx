import { useEffect, type ReactNode } from 'react';
import { cta } from '../../shared/content/call-to-action.js';
import { cta as defaultCta, titles as defaultTitles } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import type { Confirmation } from '../../lib/confirmation.js';
import { normalizeEndpoint } from '../../lib/endpoint.js';
import { contactLink, type HostLink } from '../../lib/contact.js';
import { safeWebAddress, safeLinkHref } from '../../lib/url.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { OnePagerArt } from '../Illustrations/OnePagerArt.js';
import { Cover } from '../Cover/Cover.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { ctaSectionStyles } from './cta-section.styles.js';
import { DownloadConfirmation } from './DownloadConfirmation.js';
import { NoScriptForm } from './NoScriptForm.js';
import { PrintOffer } from '../StoryPage/PrintOffer.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle).
extendCaseStudySheet(ctaSectionStyles);

let privacyWarned = false;
/** A lead form without a privacy notice is not ready to launch: say so once per page, to whoever builds it. */
function warnWithoutPrivacy(privacyUrl: string | undefined) {
  if (privacyWarned || safeLinkHref(privacyUrl)) return;
  privacyWarned = true;
  console.warn(
    '<redcliffe-case-study>: the download form shows no privacy notice. Set the privacy-url attribute ' +
      'to the page that says how the details are used (redcliffe-leads snippet --privacy-url).',
  );
}

export interface CtaSectionProps {
  onDownload(): void;
  /** The element's `endpoint` and `form-url` attributes, for the form shown without JavaScript. */
  endpoint?: string;
  formUrl?: string;
  /** The `privacy-url` line, under the form without JavaScript (PrivacyLine). */
  privacyLine?: ReactNode;
  /** The `contact-url` link and its words: the next step the confirmation leads with (a button); null without one. */
  nextStep?: HostLink | null;
  /** The `privacy-url` attribute: without a usable one, the console says so once (a lead form needs a privacy notice). */
  privacyUrl?: string | undefined;
  /** `consent-text`: the optional consent box's words. */
  consentText?: string | undefined;
  /** Set once a download started: shown in place of the pitch and the button. */
  confirmation?: Confirmation | null;
  /** The confirmation is new: it takes focus (unless the visitor's focus is already elsewhere). */
  focusConfirmation?: boolean;
  onConfirmationFocused?(): void;
}

/**
 * The call to action (a lazy chunk): a short pitch and the button that opens the download modal.
 * Without JavaScript (server-rendered HTML) the button is hidden and a plain form posts the lead.
 * Once a download has started, a confirmation stands in its place. On paper, under its heading and
 * pitch, the address where the PDF can be had (PrintOffer).
 */
export default function CtaSection(props: CtaSectionProps) {
  const { onDownload, endpoint, formUrl, privacyLine, nextStep, confirmation, privacyUrl } = props;
  const story = useStoryPart('cta', defaultCta);
  const titles = useStoryPart('titles', defaultTitles);
  const action = safeWebAddress(normalizeEndpoint(endpoint));
  useEffect(() => warnWithoutPrivacy(privacyUrl), [privacyUrl]);
  return (
    <FadeInSection id="cta" className="cta" labelledBy="cta-title">
      {/* The offer's cover until the PDF is taken; then the drawing with its check mark. */}
      {confirmation ? <OnePagerArt done /> : <Cover className="cta__cover" fallback={<OnePagerArt />} />}
      {confirmation ? (
        <DownloadConfirmation
          confirmation={confirmation}
          nextStep={story.nextStepLink ? contactLink(story.nextStepLink.url, story.nextStepLink.label) : (nextStep ?? null)}
          nextStepText={story.nextStep}
          focus={props.focusConfirmation ?? false}
          onFocused={props.onConfirmationFocused}
        />
      ) : (
        <>
          <div className="cta__copy">
            <h2 className="cta__title" id="cta-title">
              {titles.cta}
            </h2>
            <p>{story.text}</p>
            <p className="cta__no-script">{action ? cta.noScript : cta.noScriptNoForm}</p>
            <PrintOffer />
          </div>
          <button type="button" className="button button--primary button--large" part="cta-button" onClick={onDownload}>
            {story.button}
          </button>
          {action && (
            <NoScriptForm
              action={action}
              formUrl={formUrl ?? ''}
              privacyLine={privacyLine}
              privacyUrl={privacyUrl}
              consentText={props.consentText}
              nextStep={nextStep}
              nextStepText={story.nextStep}
            />
          )}
        </>
      )}
    </FadeInSection>
  );
}
