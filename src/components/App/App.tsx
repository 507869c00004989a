import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { matchRoute, misconfiguredPath, normalizeBase, viewFor, type View } from '../../lib/base-path.js';
import { confirmationFor, recalledConfirmation, rememberConfirmation, type Confirmation } from '../../lib/confirmation.js';
import { contactLink } from '../../lib/contact.js';
import { registerControls } from '../../lib/host-bridge.js';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary.js';
import { ContactLink } from '../HostLinks/ContactLink.js';
import { PrivacyLine } from '../HostLinks/PrivacyLine.js';
import { NotFound } from '../NotFound/NotFound.js';
import { StoryPage, type StoryPageProps } from '../StoryPage/StoryPage.js';
import { DownloadArea, DownloadStatus } from '../DownloadDialog/DownloadArea.js';
import { useBaseHint } from './useBaseHint.js';

/** Props r2wc passes from the element: its attributes, and the element itself (`container`; the tree renders in its shadow root). */
export interface AppProps {
  container?: HTMLElement;
  base?: string;
  endpoint?: string;
  formUrl?: string;
  contactUrl?: string;
  contactLabel?: string;
  privacyUrl?: string;
  /** On the server: the request's path (the browser's location is read otherwise). */
  ssrPath?: string;
  /** On the server: receives the HTTP status of what was rendered (404 for anything but the story). */
  ssrContext?: { status?: 200 | 404 };
}

interface RoutesProps {
  base: string;
  host?: Element;
  story: StoryPageProps;
  ssrContext?: AppProps['ssrContext'];
}

function Routes({ base, host, story, ssrContext }: RoutesProps) {
  const [location] = useLocation();
  const match = matchRoute(location);
  // The last view shown under this base: kept while the host app is at a path outside it.
  const [shown, setShown] = useState<{ base: string; view: View } | null>(null);
  const lastUnderBase = shown?.base === base ? shown.view : null;
  const view = viewFor(match, lastUnderBase);
  if (ssrContext) ssrContext.status = view === 'story' ? 200 : 404;
  if (match.kind !== 'outside-base' && lastUnderBase !== view) setShown({ base, view });
  useBaseHint(host, misconfiguredPath(match, lastUnderBase), base);
  useEffect(() => {
    if (match.kind === 'not-found') {
      console.warn(`<redcliffe-case-study>: no page at "${match.path}" under base "${base}"; showing the 404 page.`);
    }
  }, [match.kind, base, match.kind === 'story' ? '' : match.path]);
  return view === 'story' ? <StoryPage {...story} /> : <NotFound />;
}

export function App({ container, base, endpoint, formUrl, contactUrl, contactLabel, privacyUrl, ssrPath, ssrContext }: AppProps) {
  const host = container;
  const routerBase = normalizeBase(base);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const openDownload = useCallback(() => setDownloadOpen(true), []);
  const closeDownload = useCallback(() => setDownloadOpen(false), []);
  // The host's links, built here once (in the main bundle) for the call to action and the dialog.
  const contact: ReactNode = useMemo(() => {
    const link = contactLink(contactUrl, contactLabel);
    return link ? <ContactLink link={link} /> : null;
  }, [contactUrl, contactLabel]);
  const privacyLine: ReactNode = useMemo(() => <PrivacyLine url={privacyUrl} />, [privacyUrl]);

  // The confirmation after a download: in memory per element (a re-render or a move keeps it, a reload does not).
  const [confirmation, setConfirmation] = useState<Confirmation | null>(() => recalledConfirmation(host));
  const [focusConfirmation, setFocusConfirmation] = useState(false);
  const downloaded = useCallback(
    (firstName: string, pdfUrl: string) => {
      const shown = confirmationFor(firstName, pdfUrl);
      rememberConfirmation(host, shown);
      setConfirmation(shown);
      setFocusConfirmation(true);
    },
    [host],
  );
  const confirmationFocused = useCallback(() => setFocusConfirmation(false), []);

  useEffect(() => (host ? registerControls(host, { openDownload }) : undefined), [host, openDownload]);

  const story: StoryPageProps = {
    onDownload: openDownload,
    endpoint,
    formUrl,
    privacyLine,
    contact,
    confirmation,
    focusConfirmation,
    onConfirmationFocused: confirmationFocused,
  };
  return (
    <ErrorBoundary>
      <Router base={routerBase} ssrPath={ssrPath}>
        <Routes base={routerBase} host={host} story={story} ssrContext={ssrContext} />
      </Router>
      {host ? (
        <DownloadArea
          host={host}
          open={downloadOpen}
          onClose={closeDownload}
          endpoint={endpoint}
          formUrl={formUrl}
          privacyLine={privacyLine}
          contact={contact}
          onDownloaded={downloaded}
        />
      ) : (
        <DownloadStatus /> // on the server: the same markup, so the browser hydrates it
      )}
    </ErrorBoundary>
  );
}
