import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePathname } from 'wouter/use-browser-location';
import { hasBase, matchRoute, misconfiguredPath, normalizeBase, relativeToBase, viewFor, type View } from '../../lib/story-route.js';
import { confirmationFor, recalledConfirmation, rememberConfirmation, type Confirmation } from '../../lib/confirmation.js';
import { contactLink } from '../../lib/contact.js';
import { registerControls } from '../../lib/host-bridge.js';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary.js';
import { ContactLink } from '../HostLinks/ContactLink.js';
import { PrivacyLine } from '../HostLinks/PrivacyLine.js';
import { NotFound } from '../NotFound/NotFound.js';
import { StoryPage, type StoryPageProps } from '../StoryPage/StoryPage.js';
import { DownloadArea } from '../DownloadDialog/DownloadArea.js';
import { loadFailed, loading } from '../../shared/content.js';
import type { Story } from '../../shared/story/story.generated.js';
import { StoryContext } from './story-context.js';
import { useBaseHint } from './useBaseHint.js';
import { tell } from '../../render/hydration.js';
import { StoryStatus } from './StoryStatus.js';
import { useShownStory } from './useShownStory.js';

/** Props r2wc passes from the element: its attributes, and the element itself (`container`; the tree renders in its shadow root). */
export interface AppProps {
  container?: HTMLElement;
  /** `src`: the URL of a story file (fetched with CORS once per URL, then checked). */
  src?: string;
  /** The `story` property: a story object (checked), shown instead of `src`'s. */
  story?: Story | undefined;
  base?: string;
  endpoint?: string;
  formUrl?: string;
  contactUrl?: string;
  contactLabel?: string;
  privacyUrl?: string;
  /** `consent-text` and `hubspot-subscription-type`: the optional consent box and its HubSpot subscription type. */
  consentText?: string;
  hubspotSubscriptionType?: string;
  hubspotPortal?: string;
  hubspotForm?: string;
  pdfUrl?: string;
  /** `pdf-on-failure`: present ('' from the element, true on the server), the failure message links the PDF. */
  pdfOnFailure?: string | boolean;
  /** `count-views` and `no-analytics`: read from the element itself by the events chunk (src/lib/story-events.ts) when it sends. */
  countViews?: string | boolean;
  noAnalytics?: string | boolean;
  /** The quoted person (`testimonial-name`, `-title`, `-url`, `-photo`); placeholders from the content module when absent. */
  testimonialName?: string;
  testimonialTitle?: string;
  testimonialUrl?: string;
  testimonialPhoto?: string;
  /** On the server: the request's path (the browser's location is read otherwise). */
  ssrPath?: string;
  /** On the server: receives the HTTP status and the view rendered (404 for anything but the story). */
  ssrContext?: { status?: 200 | 404; view?: View };
  /** In the browser, hydrating: the view the server rendered, shown until hydration is done. */
  serverView?: View;
}

interface RoutesProps {
  base: string;
  ssrPath?: string;
  baseGiven: boolean;
  serverView?: View;
  host?: Element;
  story: StoryPageProps;
  ssrContext?: AppProps['ssrContext'];
}

function Routes({ base, ssrPath, baseGiven, serverView, host, story, ssrContext }: RoutesProps) {
  // wouter's browser location hook alone (its router and path patterns are not needed here):
  // it follows the address bar, the host app's pushState/replaceState included.
  const match = matchRoute(relativeToBase(base, usePathname({ ssrPath })));
  // The last view shown under this base: kept while the host app is at a path outside it.
  const [shown, setShown] = useState<{ base: string; view: View } | null>(null);
  const lastUnderBase = shown?.base === base ? shown.view : null;
  const routed = viewFor(match, lastUnderBase, baseGiven);
  // Hydration renders what the server rendered, whatever this page's path: HTML rendered for another
  // path (a pasted snippet) then hydrates without a mismatch, and the route takes over right after.
  const [hydrating, setHydrating] = useState(serverView !== undefined);
  useEffect(() => setHydrating(false), []);
  const view = hydrating && serverView ? serverView : routed;
  if (ssrContext) {
    ssrContext.status = view === 'story' ? 200 : 404;
    ssrContext.view = view;
  }
  if (match.kind !== 'outside-base' && lastUnderBase !== routed) setShown({ base, view: routed });
  useBaseHint(host, misconfiguredPath(match, lastUnderBase, baseGiven), base);
  const unknownPath = match.kind === 'not-found' ? match.path : null;
  useEffect(() => {
    if (unknownPath !== null) tell('unknownPath', [unknownPath, base]);
  }, [unknownPath, base]);
  return view === 'story' ? <StoryPage {...story} /> : <NotFound storyHref={base === '/' ? '/' : `${base}/`} />;
}

export function App(props: AppProps) {
  const { container, base, contactUrl, contactLabel, privacyUrl, ssrPath, ssrContext, serverView } = props;
  const { known, source, ShownStory, failed } = useShownStory(props.src, props.story);
  const host = container;
  const routerBase = normalizeBase(base);
  const baseGiven = hasBase(base);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const openDownload = useCallback(() => setDownloadOpen(true), []);
  const closeDownload = useCallback(() => setDownloadOpen(false), []);
  // The host's links, built here once (in the main bundle) for the call to action and the dialog.
  const nextStep = useMemo(() => contactLink(contactUrl, contactLabel), [contactUrl, contactLabel]);
  const contact: ReactNode = useMemo(() => nextStep && <ContactLink link={nextStep} />, [nextStep]);
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

  // The attributes the story's sections read (the endpoint and form URL for the form without
  // JavaScript, `privacy-url`, the quoted person) pass through as they are.
  const story: StoryPageProps = {
    ...props,
    onDownload: openDownload,
    privacyLine,
    nextStep,
    confirmation,
    focusConfirmation,
    onConfirmationFocused: confirmationFocused,
  };

  const page = (shown: Story | null) => (
    <StoryContext.Provider value={shown}>
      <ErrorBoundary>
        <Routes base={routerBase} ssrPath={ssrPath} baseGiven={baseGiven} serverView={serverView} host={host} story={story} ssrContext={ssrContext} />
        {/* Only in the browser (the server renders nothing in its place, which hydration matches). */}
        {host && (
          <DownloadArea
            {...props}
            host={host}
            open={downloadOpen}
            onClose={closeDownload}
            pdfOnFailure={props.pdfOnFailure != null && props.pdfOnFailure !== false}
            privacyLine={privacyLine}
            contact={contact}
            onDownloaded={downloaded}
          />
        )}
      </ErrorBoundary>
    </StoryContext.Provider>
  );

  if (known !== undefined) return page(known);
  // A story given by `src` or `story`: fetched and checked by a chunk of its own, which renders it.
  if (ShownStory) return <ShownStory source={source!} render={page} />;
  return <StoryStatus text={failed ? loadFailed.text : loading} failed={failed} />;
}
