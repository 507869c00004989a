import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefCallback,
} from 'react';
import type { LeadProof } from '../../lib/lead-token.js';
import { flushSync } from 'react-dom';
import { contentLanguage, download } from '../../shared/content.js';
import { dialogWords } from '../../shared/content/dialog.js';
import { confirmation as thanks } from '../../shared/content/thanks.js';
import { cta as defaultCta, id as defaultId } from '../../shared/story/stories/redcliffe-labs.json';
import { confirmationFor, type Confirmation } from '../../lib/confirmation.js';
import { contactLink } from '../../lib/contact.js';
import { useCoverAddress } from '../Cover/useCoverAddress.js';
import { useStoryPart } from '../App/story-context.js';
import { dispatchCaseStudyEvent } from '../../events.js';
import { normalizeEndpoint } from '../../lib/endpoint.js';
import { deepActiveElement, isOutside } from '../../lib/dialog.js';
import { checkFields, firstWithMessage, serverFieldMessages, type FieldMessages } from '../../shared/form-check.js';
import { fieldOf, VISITOR_FIELDS, type VisitorField } from '../../shared/lead-fields.js';
import { currentPage, EMPTY_FIELDS, isComplete, missingFields, SLOW_SEND_MS } from '../../lib/lead-form.js';
import type { LeadFields } from '../../lib/payload.js';
import { preloadable } from '../../lib/preload.js';
import { lockPageScroll } from '../../lib/scroll-lock.js';
import { addClientOnlyStyles, extendCaseStudySheet } from '../../styles/sheet.js';
import { consentStyles } from '../HostLinks/consent-box.styles.js';
import { consentShown, consentWords } from '../../lib/consent.js';
import { ConsentBox } from '../HostLinks/ConsentBox.js';
import { downloadFormStyles } from './download-dialog.styles.js';

/** The spam-token fetch (src/lib/lead-token.ts), a chunk of its own (no retries: without it the lead goes as before). */
const loadLeadToken = (_retryQuery: string) => import('../../lib/lead-token.js');
/** The story's events (src/lib/story-events.ts), the chunk the main bundle loads at idle: an `open` is reported from here. */
const loadStoryEvents = (_retryQuery: string) => import('../../lib/story-events.js');

// The form's styles come with this chunk (the card's are in the element's sheet from the start).
addClientOnlyStyles(downloadFormStyles);
// The server's stylesheet has the consent box's rules (the form without JavaScript shows it): shared, not client-only.
extendCaseStudySheet(consentStyles);

/**
 * The sending code (the lead, its retries, the PDF's download) is a chunk of its own, fetched as the
 * dialog first opens, while the visitor types: the form shows sooner, and each chunk stays small.
 */
const loadSending = preloadable((_retryQuery) => import('../../lib/lead-download.js'));

export interface DownloadDialogProps {
  host: Element;
  open: boolean;
  onClose(): void;
  endpoint?: string;
  formUrl?: string;
  /** Send leads to this HubSpot form instead of `endpoint` (the `hubspot-portal` and `hubspot-form` attributes). */
  hubspotPortal?: string | undefined;
  hubspotForm?: string | undefined;
  /** The PDF in HubSpot mode (`pdf-url`), and the one handed over with `pdfOnFailure`. */
  pdfUrl?: string | undefined;
  /** `pdf-on-failure`: when the lead could not be sent, the failure message links the PDF too. */
  pdfOnFailure?: boolean;
  /** The `privacy-url` line under the form (PrivacyLine). */
  privacyLine?: ReactNode;
  /** `privacy-url`, `consent-text` and `hubspot-subscription-type`: what the lead says the visitor was shown and agreed to. */
  privacyUrl?: string | undefined;
  consentText?: string | undefined;
  hubspotSubscriptionType?: string | undefined;
  /** The `contact-url` link (ContactLink), offered when sending fails; null without one. */
  contact?: ReactNode;
  /** `contact-url` and `contact-label`: the thank-you's next step, its primary button. */
  contactUrl?: string | undefined;
  contactLabel?: string | undefined;
  /** The download started and the thank-you was closed (the call to action shows the confirmation). */
  onDownloaded?(firstName: string, pdfUrl: string): void;
}

/**
 * The download modal (a lazy chunk): a native `<dialog>` shown with showModal(), so the page
 * behind is inert, Escape closes it and focus is trapped by the browser. After a good submit the
 * modal closes and the thank-you shows in it non-modally (show()), the page usable. It stays
 * mounted once opened: values typed before closing without success are still there on the next open.
 *
 * Before sending, each field is checked against the browser's own validity and the lead contract
 * (a dot in the email's domain, at most 200 characters); a 400 that names fields is shown the same
 * way. The reason sits beside the field (aria-invalid, aria-describedby) and focus moves to the
 * first field to correct. While sending, the button keeps focus (aria-disabled, not disabled) and
 * "Processing..." is announced.
 */
/**
 * Starts the story's `view` report (src/lib/story-events.ts, its own chunk: it decides whether to
 * send at all). Called by the main bundle once this chunk has arrived at idle.
 * @public Read off the module object the loader resolves to, which knip cannot follow.
 */
export function watchStory(host: Element, story: string | undefined): void {
  void loadStoryEvents('').then(
    (events) => events.watchHero(host, story),
    () => {},
  );
}

export default function DownloadDialog(props: DownloadDialogProps) {
  const { host, open, onClose, endpoint, formUrl, privacyLine, contact, onDownloaded } = props;
  // The story's PDF, unless the host names one (`pdf-url`); the lead says which story it came from.
  const pdf = useStoryPart('pdf', undefined);
  const pdfAddress = props.pdfUrl || pdf?.url;
  const fileName = pdf?.fileName ?? download.fileName;
  const storyId = useStoryPart('id', defaultId);
  // The packaged one-pager is the default story's: another story without a PDF gets none.
  const packagedPdf = storyId === defaultId;
  const dialogRef = useRef<HTMLDialogElement>(null);
  // One input a visitor field of the lead field table, in its order (set by each Field's ref).
  const inputs = useRef<Partial<Record<VisitorField, HTMLInputElement | null>>>({});
  const openerRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const unlockScroll = useRef<(() => void) | null>(null);
  const sending = useRef(false); // state alone lets a double click through before the re-render
  const pressedBackdrop = useRef(false);
  const [fields, setFields] = useState<LeadFields>(EMPTY_FIELDS);
  const [messages, setMessages] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // A send still going after SLOW_SEND_MS: the status region says it is still working.
  const [slow, setSlow] = useState(false);
  // After a good submit the dialog is the thank-you (until it closes; the call to action then confirms).
  const [done, setDone] = useState<Confirmation | null>(null);
  const doneRef = useRef<Confirmation | null>(null);
  // The lead still being sent in the background after the file was handed over (HAND_OVER_MS), or finally not sent.
  const [later, setLater] = useState<'sending' | 'lost' | null>(null);
  const leadPending = useRef(false);
  const [lostWhileClosed, setLostWhileClosed] = useState(false);
  const onDownloadedRef = useRef(onDownloaded);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const story = useStoryPart('cta', defaultCta);
  // The story's own next step where it names one, else the host's `contact-url`.
  const own = story.nextStepLink;
  const nextStep = contactLink(own ? own.url : props.contactUrl, own ? own.label : props.contactLabel);
  // The offer in view: the one-pager's cover beside the intro (none without one, no empty box).
  const cover = useCoverAddress();
  // What the waiting button still needs, in the labels' words; the same test as the button's (white space is nothing).
  const missing = missingFields(fields);
  const missingLine = missing.length > 0 && !busy ? dialogWords.missing(missing.map((name) => fieldOf(name).input!.label.toLowerCase())) : '';
  const [consentTicked, setConsentTicked] = useState(false);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    onDownloadedRef.current = onDownloaded;
  }, [onClose, onDownloaded]);
  // On success the modal closes (SPEC §4) and the same dialog shows again, non-modal, as the
  // thank-you in view where the visitor is: no backdrop, the page usable and scrolling again. Its
  // heading takes focus, which a screen reader reads with the news under it. The `close` event
  // this queues finds the dialog open again and reports nothing.
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    if (done && dialog.matches(':modal')) {
      dialog.close();
      dialog.show();
      unlockScroll.current?.();
      unlockScroll.current = null;
    }
    if (done) headingRef.current?.focus();
  }, [done]);
  useEffect(() => void loadSending().catch(() => {}), []); // a failure is retried, and said, at the send

  // The lead server's spam token is as old as the dialog is open (src/lib/lead-token.ts).
  const leadToken = useRef<Promise<LeadProof | undefined>>(undefined);
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    if (open && !dialog.open) {
      setLostWhileClosed(false); // the form says it from now on
      leadToken.current = loadLeadToken('').then(
        (module) => module.fetchLeadToken(props),
        () => undefined,
      );
      // The default story reports no id (as its view does), so one page load keeps one id per story.
      void loadStoryEvents('').then(
        (events) => events.reportStoryEvent(props.host, 'open', packagedPdf ? undefined : storyId),
        () => {},
      );
      openerRef.current = deepActiveElement();
      dialog.showModal();
      unlockScroll.current ??= lockPageScroll();
      inputs.current[VISITOR_FIELDS[0]!]?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // `props` changes every render; the effect acts only when `open` turns the dialog's state over.
  }, [open, props, packagedPdf, storyId]);

  // However it closes (Escape, backdrop, Close, success), report it once and give focus back to the
  // opener. Our own closes report at once: the 'close' event comes a task later, and an open request
  // made in between (a host calling openDownload() on the download event) must not be undone by it.
  const reportClosed = useCallback(() => {
    if (!openerRef.current && !unlockScroll.current && !doneRef.current) return; // already reported
    unlockScroll.current?.();
    unlockScroll.current = null;
    const opener = openerRef.current;
    openerRef.current = null;
    const shown = doneRef.current;
    doneRef.current = null;
    // Committed at once: an open request that follows in the same task (a listener of the download
    // event calling openDownload()) then changes the state back and shows the dialog again. A
    // thank-you closed: the call to action confirms in the same commit (focus then goes to the
    // opener, or to the confirmation where the opener was the call to action's button).
    flushSync(() => {
      if (shown) onDownloadedRef.current?.(shown.firstName, shown.pdfUrl);
      // While the lead is still on its way the thank-you stays: the form would send it a second time.
      if (!leadPending.current) setDone(null);
      onCloseRef.current();
    });
    if (opener?.isConnected) opener.focus();
  }, []);
  useEffect(() => {
    const dialog = dialogRef.current!;
    const closed = () => {
      if (!dialog.open) reportClosed(); // open again already: this event is a stale one
    };
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      unlockScroll.current?.();
    };
  }, [reportClosed]);

  const close = () => {
    dialogRef.current?.close();
    reportClosed();
  };

  // "Send my details again" from the thank-you: the form, modal again (the thank-you may be the non-modal panel).
  const formAgain = () => {
    const dialog = dialogRef.current!;
    setDone(null);
    if (dialog.matches(':modal')) return;
    dialog.close();
    dialog.showModal();
    unlockScroll.current ??= lockPageScroll();
  };

  // A click on the backdrop targets the dialog itself, at a point outside its box. The press must
  // start there too, so selecting text in a field and releasing outside does not close it.
  const outside = (event: MouseEvent<HTMLDialogElement>) =>
    event.target === event.currentTarget && isOutside(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);

  const change = (name: VisitorField) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setFields((previous) => ({ ...previous, [name]: value }));
    setMessages((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  };

  /** Show each reason beside its field and move focus to the first; true if there was any. */
  const pointOut = (found: FieldMessages): boolean => {
    setMessages(found);
    const first = firstWithMessage(found);
    if (first) inputs.current[first]?.focus();
    return !!first;
  };

  const check = () => pointOut(checkFields(fields));

  // Enter in a field while the button is disabled (a field still empty) submits nothing: say why.
  const enterWhileIncomplete = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (sending.current || isComplete(fields)) return;
    event.preventDefault();
    check();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    if (check()) return; // nothing is sent: no "@", a server-refused value, an empty field
    sending.current = true;
    setBusy(true);
    setFailed(false);
    const slowTimer = setTimeout(() => setSlow(true), SLOW_SEND_MS);
    let sendingCode: Awaited<ReturnType<typeof loadSending>> | undefined;
    try {
      sendingCode = await loadSending();
      const { pdfUrl, background } = await sendingCode.downloadHandingOver(
        {
          endpoint: normalizeEndpoint(endpoint),
          formUrl: formUrl ?? '',
          fields,
          page: currentPage(),
          hubspotPortal: props.hubspotPortal,
          hubspotForm: props.hubspotForm,
          leadToken: leadToken.current,
          consent: consentShown(props.privacyUrl, props.consentText, consentTicked),
          hubspotSubscriptionType: props.hubspotSubscriptionType,
          ...(pdfAddress ? { pdfUrl: pdfAddress } : {}),
          story: storyId,
          fileName,
          packagedPdf,
        },
        {
          container: dialogRef.current!,
          onSend: (target) => dispatchCaseStudyEvent(host, 'case-study-submit', { endpoint: target }),
        },
      );
      // What was typed stays until the lead is sent: a lead finally not sent can be sent again from it.
      if (!background) {
        setFields(EMPTY_FIELDS);
        setConsentTicked(false);
      }
      // The modal closes and the dialog shows again, non-modal, as the thank-you (the effect on `done`); the call to action confirms once it closes.
      setDone((doneRef.current = confirmationFor(fields.firstName, pdfUrl.href)));
      setLater(background ? 'sending' : null);
      leadPending.current = !!background;
      dispatchCaseStudyEvent(host, 'case-study-download', { pdfUrl: pdfUrl.href });
      background?.then(
        () => {
          leadPending.current = false;
          setLater(null);
          setFields(EMPTY_FIELDS);
          setConsentTicked(false);
        },
        (error: unknown) => {
          leadPending.current = false;
          setLater('lost');
          setFailed(true); // the form, the next time it shows, says so too, with the values kept
          if (!dialogRef.current?.open) {
            setDone(null);
            setLostWhileClosed(true);
          }
          dispatchCaseStudyEvent(host, 'case-study-error', { message: error instanceof Error ? error.message : 'Download failed' });
        },
      );
    } catch (error) {
      // A DownloadError was logged where it happened; anything else (the sending chunk did not load) is logged here.
      const known = sendingCode && error instanceof sendingCode.DownloadError ? error : undefined;
      if (!known) console.error('<redcliffe-case-study>: the download failed.', error);
      const refused = known?.fields ? serverFieldMessages(known.fields) : {};
      if (!pointOut(refused)) setFailed(true);
      dispatchCaseStudyEvent(host, 'case-study-error', {
        message: error instanceof Error ? error.message : 'Download failed',
      });
    } finally {
      clearTimeout(slowTimer);
      sending.current = false;
      setBusy(false);
      setSlow(false);
    }
  }

  // The host chose to hand the PDF over even when the lead could not be sent (`pdf-on-failure`).
  const handOver = failed && props.pdfOnFailure ? loadSending.current()?.fallbackPdfUrl({ pdfUrl: pdfAddress, packagedPdf }) : undefined;

  return (
    <>
      <dialog
        ref={dialogRef}
        part="dialog"
        className="download"
        {...contentLanguage}
        aria-labelledby="download-title"
        aria-describedby="download-intro"
        onPointerDown={(event) => (pressedBackdrop.current = outside(event))}
        onClick={(event) => {
          if (pressedBackdrop.current && outside(event)) close();
          pressedBackdrop.current = false;
        }}
        // The non-modal thank-you gets no native Escape (a modal's is the browser's).
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.currentTarget.matches(':modal')) close();
        }}
      >
        <div className="download__header">
          <h2 id="download-title" className="download__title" ref={headingRef} tabIndex={-1}>
            {done ? thanks.thanks(done.firstName) : download.title}
          </h2>
          <button type="button" className="download__close" onClick={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span className="visually-hidden">{download.close}</span>
          </button>
        </div>
        <div className="download__offer">
          {cover && <img className="download__cover" src={cover} alt="" width="84" height="119" decoding="async" />}
          <p id="download-intro" className="download__intro">
            {done ? thanks.downloading : dialogWords.intro}
          </p>
        </div>
        {done ? (
          <div className="download__done">
            {nextStep && (
              <>
                <p>{story.nextStep}</p>
                <a className="button button--primary download__next" href={nextStep.href}>
                  {nextStep.label}
                </a>
              </>
            )}
            {later === 'sending' && <p>{dialogWords.sendingLater}</p>}
            {later === 'lost' && (
              <div className="download__alert">
                <p>{dialogWords.leadLost}</p>
                {contact && (
                  <p>
                    {dialogWords.orContact} {contact}
                  </p>
                )}
                <p>
                  <button type="button" className="button button--chip" onClick={formAgain}>
                    {dialogWords.sendAgain}
                  </button>
                </p>
              </div>
            )}
            <p className="download__fallback">
              {thanks.notStarted}{' '}
              <a className="link" href={done.pdfUrl} download={fileName} target="_blank" rel="noopener">
                {thanks.link}
              </a>
            </p>
          </div>
        ) : (
          <form className="download__form" noValidate onSubmit={submit} onKeyDown={enterWhileIncomplete}>
            {/* Every field a visitor types, from the lead field table: a new row shows here, and counts for the button. */}
            <div className="download__fields">
              {VISITOR_FIELDS.map((name) => (
                <Field
                  key={name}
                  name={name}
                  {...fieldOf(name).input!}
                  value={fields[name]}
                  message={messages[name]}
                  onChange={change(name)}
                  inputRef={(input) => {
                    inputs.current[name] = input;
                  }}
                />
              ))}
            </div>
            <ConsentBox words={consentWords(props.consentText)} ticked={consentTicked} onTick={setConsentTicked} />
            {failed && (
              <div role="alert" className="download__alert">
                <p>{dialogWords.error}</p>
                {contact && (
                  <p>
                    {dialogWords.orContact} {contact}
                  </p>
                )}
                {handOver && (
                  <p>
                    {dialogWords.pdfAnyway}{' '}
                    <a className="link" href={handOver} download={fileName} target="_blank" rel="noopener">
                      {dialogWords.pdfLink}
                    </a>
                  </p>
                )}
              </div>
            )}
            <button
              type="submit"
              className="button button--primary download__submit"
              // Busy is aria-disabled, not disabled: a disabled button would drop keyboard focus to <body>.
              disabled={!busy && !isComplete(fields)}
              aria-disabled={busy || undefined}
              aria-describedby={missingLine ? 'download-missing' : undefined}
            >
              {busy ? dialogWords.submitting : failed ? dialogWords.tryAgain : download.submit}
            </button>
            {/* Polite, and only when what is missing changes (React leaves the text alone while it is the same). */}
            <p id="download-missing" className="download__missing" aria-live="polite">
              {missingLine}
            </p>
            {privacyLine}
          </form>
        )}
        {/* Outside the form, so it stays while the form makes way for the thank-you. */}
        <p role="status" className="visually-hidden">
          {busy
            ? slow
              ? dialogWords.stillWorking
              : dialogWords.submitting
            : done
              ? later === 'lost'
                ? dialogWords.leadLost
                : later
                  ? `${dialogWords.started}. ${dialogWords.sendingLater}`
                  : dialogWords.started
              : ''}
        </p>
      </dialog>
      {/* A lead lost while the dialog was closed: said here, at the foot of the screen (polite), with the way back to the kept values. */}
      <div role="status" className={lostWhileClosed ? 'download__alert download-notice' : 'visually-hidden'} {...contentLanguage}>
        {lostWhileClosed && (
          <>
            <p>{dialogWords.leadLost}</p>
            {contact && (
              <p>
                {dialogWords.orContact} {contact}
              </p>
            )}
            <button type="button" className="button button--chip" onClick={() => (host as HTMLElement & { openDownload?(): void }).openDownload?.()}>
              {dialogWords.sendAgain}
            </button>
          </>
        )}
      </div>
    </>
  );
}

interface FieldProps {
  name: VisitorField;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  message: string | undefined;
  onChange(event: { currentTarget: HTMLInputElement }): void;
  inputRef: RefCallback<HTMLInputElement>;
}

function Field({ name, label, type, autoComplete, value, message, onChange, inputRef }: FieldProps) {
  const id = `download-${name}`;
  return (
    // A name shares a row with the next on a wide screen; an e-mail address takes the whole row.
    <div className={type === 'email' ? 'download__field download__field--wide' : 'download__field'}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        spellCheck={type === 'email' ? false : undefined}
        required={fieldOf(name).required}
        value={value}
        onChange={onChange}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-problem` : undefined}
      />
      {message && (
        <p id={`${id}-problem`} className="download__problem">
          {message}
        </p>
      )}
    </div>
  );
}
