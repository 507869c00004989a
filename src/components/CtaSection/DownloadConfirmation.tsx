import { useEffect, useRef, type ReactNode } from 'react';
import { download } from '../../shared/content.js';
import { confirmation as copy } from '../../shared/content/call-to-action.js';
import type { Confirmation } from '../../lib/confirmation.js';

interface Props {
  confirmation: Confirmation;
  /** The `contact-url` link, or null. */
  contact: ReactNode;
  /** Just confirmed: take focus, unless the visitor's focus already went somewhere. */
  focus: boolean;
  onFocused?(): void;
}

/**
 * "Thanks, Ada! Your PDF is downloading." in the call to action's place, with a direct link to the
 * same PDF (for a download the browser blocked or hid) and, where the host gave one, the next step.
 * The heading keeps the section's label (`cta-title`), so the jump navigation still lands on it.
 */
export function DownloadConfirmation({ confirmation, contact, focus, onFocused }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  // Politely: only when nothing else holds focus (the dialog's opener, our own button, is gone);
  // an opener on the host page gets focus back as before, and the status region announces it.
  useEffect(() => {
    if (!focus) return;
    const root = ref.current?.getRootNode() as ShadowRoot | undefined;
    const outside = document.activeElement;
    if (!root?.activeElement && (!outside || outside === document.body || outside === root?.host)) {
      ref.current?.focus({ preventScroll: true });
      ref.current?.scrollIntoView({ block: 'nearest' });
    }
    onFocused?.();
  }, [focus, onFocused]);

  return (
    <div className="cta__copy cta__confirmation" ref={ref} tabIndex={-1} aria-labelledby="cta-title" role="group">
      <h2 className="cta__title" id="cta-title">
        {copy.thanks(confirmation.firstName)}
      </h2>
      <p>{copy.downloading}</p>
      <p>
        {copy.notStarted}{' '}
        <a className="link" href={confirmation.pdfUrl} download={download.fileName} target="_blank" rel="noopener">
          {copy.link}
        </a>
      </p>
      {contact && (
        <p>
          {copy.nextStep} {contact}
        </p>
      )}
    </div>
  );
}
