import { useCallback, useEffect, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { matchRoute, normalizeBase } from '../../lib/base-path.js';
import { registerControls } from '../../lib/host-bridge.js';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary.js';
import { NotFound } from '../NotFound/NotFound.js';
import { StoryPage } from '../StoryPage/StoryPage.js';
import { DownloadArea } from '../DownloadDialog/DownloadArea.js';

/** Props r2wc passes from the element: its attributes, and the shadow root it renders into. */
export interface AppProps {
  container?: ShadowRoot;
  base?: string;
  endpoint?: string;
  formUrl?: string;
}

function Routes({ base, onDownload }: { base: string; onDownload(): void }) {
  const [location] = useLocation();
  const match = matchRoute(location);
  useEffect(() => {
    if (match.kind === 'not-found') {
      console.warn(`<redcliffe-case-study>: no page at "${match.path}" under base "${base}"; showing the 404 page.`);
    } else if (match.kind === 'outside-base') {
      console.error(
        `<redcliffe-case-study>: the page path "${match.path}" is not under base "${base}". ` +
          `Set the element's base attribute to the path it is mounted at, e.g. <redcliffe-case-study base="${match.path.replace(/\/$/, '') || '/'}">.`,
      );
    }
  }, [match.kind, base, match.kind === 'story' ? '' : match.path]);
  return match.kind === 'story' ? <StoryPage onDownload={onDownload} /> : <NotFound />;
}

export function App({ container, base, endpoint, formUrl }: AppProps) {
  const host = container?.host;
  const routerBase = normalizeBase(base);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const openDownload = useCallback(() => setDownloadOpen(true), []);
  const closeDownload = useCallback(() => setDownloadOpen(false), []);

  useEffect(() => (host ? registerControls(host, { openDownload }) : undefined), [host, openDownload]);

  return (
    <ErrorBoundary>
      <Router base={routerBase}>
        <Routes base={routerBase} onDownload={openDownload} />
      </Router>
      {host && (
        <DownloadArea
          host={host}
          open={downloadOpen}
          onClose={closeDownload}
          endpoint={endpoint}
          formUrl={formUrl}
        />
      )}
    </ErrorBoundary>
  );
}
