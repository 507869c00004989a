import { useEffect, useState } from 'react';
import { preloadable } from '../../lib/preload.js';
import { whenIdle } from '../../render/hydration.js';
import { usePreloaded } from '../LazySection/usePreloaded.js';
import { useStoryPart } from '../App/story-context.js';
import type { DownloadDialogProps } from './DownloadDialog.js';
import { DialogUnavailable } from './DialogUnavailable.js';

/** The dialog is a lazy chunk, fetched relative to this module (the case-study assets path). */
const loadDownloadDialog = preloadable((_retryQuery) => import('./DownloadDialog.js'));

/**
 * Holds the place of the download dialog in the main bundle. Renders nothing until the dialog is
 * first opened, then keeps it mounted, so values typed before a close without success survive.
 * The chunk is preloaded when the browser is idle, so the first open is usually instant. If it
 * still fails to load (after the loader's retries), a small dialog says so, with "Try again".
 */
export function DownloadArea(props: DownloadDialogProps) {
  const { open, onClose, host } = props;
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const { value: module, failed, tryAgain } = usePreloaded(loadDownloadDialog, 'download dialog', wanted);
  // The shown story's id for its view report (undefined: the default story, which the server assumes).
  const storyId = useStoryPart('id', undefined);

  // Fetch the chunk when the browser is idle; if that fails, the first open tries again. Once it is
  // here it starts the story's view report (the state above follows the chunk only once the dialog
  // is wanted, so this is called on the load itself): the events code stays out of the first
  // download, and this call is all of it that is in it.
  useEffect(
    () =>
      whenIdle(
        () =>
          void loadDownloadDialog().then(
            (loaded) => loaded.watchStory(host, storyId),
            () => {},
          ),
      ),
    [host, storyId],
  );

  // From a failed load until the chunk arrives or the visitor closes it, the "could not be loaded" dialog stays.
  const [unavailable, setUnavailable] = useState(false);
  if (failed && open && !unavailable) setUnavailable(true);

  const giveUp = () => {
    setUnavailable(false);
    onClose();
    setWanted(false);
  };

  const Dialog = module?.default;
  return (
    <>
      {Dialog && wanted && <Dialog {...props} />}
      {unavailable && !module && <DialogUnavailable loading={!failed} onTryAgain={tryAgain} onClose={giveUp} />}
    </>
  );
}
