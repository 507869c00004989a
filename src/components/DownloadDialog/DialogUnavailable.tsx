import { useLayoutEffect, useRef } from 'react';
import { download as copy, loadFailed, loading } from '../../shared/content.js';

interface Props {
  /** The chunk is loading again (after Try again): the button says so and ignores presses (it keeps focus). */
  loading: boolean;
  onTryAgain(): void;
  onClose(): void;
}

/**
 * Shown (in the main bundle) when the download dialog's chunk could not be loaded: a small modal
 * that says so, with "Try again" (focused) and "Close". Focus returns to the opener on close.
 */
export function DialogUnavailable({ loading: reloading, onTryAgain, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const tryAgainRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    // The opener: our own "Download" button, or one on the host page.
    const opener = ((dialog.getRootNode() as ShadowRoot).activeElement ?? document.activeElement) as HTMLElement | null;
    dialog.showModal();
    tryAgainRef.current?.focus();
    const closed = () => {
      onCloseRef.current();
      if (opener?.isConnected) opener.focus();
    };
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="download" aria-labelledby="download-unavailable">
      <p id="download-unavailable" role="alert" className="download__alert">
        {reloading ? '' : copy.unavailable}
      </p>
      <div className="download__actions">
        <button
          ref={tryAgainRef}
          type="button"
          className="button button--primary"
          aria-disabled={reloading || undefined}
          onClick={() => reloading || onTryAgain()}
        >
          {reloading ? loading : loadFailed.tryAgain}
        </button>
        <button type="button" className="button button--chip" onClick={() => dialogRef.current?.close()}>
          {copy.close}
        </button>
      </div>
    </dialog>
  );
}
