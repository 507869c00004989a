import { useEffect, useState } from 'react';
import { preloadable } from '../../lib/preload.js';
import { usePreloaded } from '../LazySection/usePreloaded.js';
import type { DownloadDialogProps } from './DownloadDialog.js';

/** The dialog is a lazy chunk, fetched relative to this module (the case-study assets path). */
export const loadDownloadDialog = preloadable(() => import('./DownloadDialog.js'));

/**
 * Holds the place of the download dialog in the main bundle. Renders nothing until the dialog is
 * first opened, then keeps it mounted, so values typed before a close without success survive.
 * The chunk is preloaded when the browser is idle, so the first open is usually instant.
 */
export function DownloadArea(props: DownloadDialogProps) {
  const { open, onClose } = props;
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const { value: module, failed } = usePreloaded(loadDownloadDialog, 'download dialog', wanted);

  // Fetch the chunk when the browser is idle; if that fails, the first open tries again.
  useEffect(() => (module ? undefined : whenIdle(() => void loadDownloadDialog().catch(() => {}))), [module]);

  // The dialog could not be loaded: leave the closed state the opener can try again from.
  useEffect(() => {
    if (!failed) return;
    onClose();
    setWanted(false);
  }, [failed, onClose]);

  if (!module || !wanted) return null;
  const Dialog = module.default;
  return <Dialog {...props} />;
}

/** Run `callback` when the browser is idle (or soon, where requestIdleCallback is missing); returns a cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 2_000);
  return () => clearTimeout(id);
}
