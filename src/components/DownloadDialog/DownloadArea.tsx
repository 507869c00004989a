import { useEffect, useState } from 'react';
import { preloadable } from '../../lib/preload.js';
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
  const [module, setModule] = useState(() => loadDownloadDialog.current());
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    if (module) return;
    let live = true;
    const load = () =>
      loadDownloadDialog().then(
        (loaded) => live && setModule(loaded),
        (error: unknown) => {
          if (!live || !wanted) return; // an idle preload that failed: the first open tries again
          console.error('<redcliffe-case-study>: could not load the download dialog chunk.', error);
          onClose();
          setWanted(false);
        },
      );
    if (wanted) {
      void load();
      return () => {
        live = false;
      };
    }
    const idle = whenIdle(() => void load());
    return () => {
      live = false;
      idle();
    };
  }, [module, wanted, onClose]);

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
