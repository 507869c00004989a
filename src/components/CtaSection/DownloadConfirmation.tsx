import { useEffect, useRef } from 'react';
import { download } from '../../shared/content.js';
import { useStoryPart } from '../App/story-context.js';
import { confirmation as copy } from '../../shared/content/thanks.js';
import type { Confirmation } from '../../lib/confirmation.js';
import type { HostLink } from '../../lib/contact.js';

interface Props {
  confirmation: Confirmation;
  /** The `contact-url` link and its words, or null. */
  nextStep: HostLink | null;
  /** The story's words before that link (`cta.nextStep`). */
  nextStepText: string;
  /** Just confirmed: take focus, unless the visitor's focus already went somewhere. */
  focus: boolean;
  onFocused?(): void;
}

/**
 * "Thanks, Ada! Your PDF is downloading." in the call to action's place, leading with the next step
 * where the host gave one (`contact-url`, a button), then a direct link to the same PDF (for a
 * download the browser blocked or hid), smaller.
 * The heading keeps the section's label (`cta-title`), so the jump navigation still lands on it.
 */
export function DownloadConfirmation({ confirmation, nextStep, nextStepText, focus, onFocused }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  // Politely: only when nothing else holds focus (the dialog's opener, our own button, is gone);
  // an opener on the host page gets focus back as before. Without scrolling: the visitor read the
  // thank-you in the dialog, and closing it leaves the page where it was.
  useEffect(() => {
    if (!focus) return;
    const root = ref.current?.getRootNode() as ShadowRoot | undefined;
    const outside = document.activeElement;
    if (!root?.activeElement && (!outside || outside === document.body || outside === root?.host)) {
      ref.current?.focus({ preventScroll: true });
    }
    onFocused?.();
  }, [focus, onFocused]);

  return (
    <div className="cta__copy cta__confirmation" ref={ref} tabIndex={-1} aria-labelledby="cta-title" role="group">
      <h2 className="cta__title" id="cta-title">
        {copy.thanks(confirmation.firstName)}
      </h2>
      <p>{copy.downloading}</p>
      {nextStep && (
        <>
          <p className="cta__next">{nextStepText}</p>
          <a className="button button--primary cta__next-button" href={nextStep.href}>
            {nextStep.label}
          </a>
        </>
      )}
      <p className="cta__fallback">
        {copy.notStarted}{' '}
        <a className="link" href={confirmation.pdfUrl} download={useStoryPart('pdf', undefined)?.fileName ?? download.fileName} target="_blank" rel="noopener">
          {copy.link}
        </a>
      </p>
    </div>
  );
}
