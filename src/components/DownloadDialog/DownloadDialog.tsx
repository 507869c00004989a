import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type MouseEvent, type Ref } from 'react';
import { contentLanguage, download as copy } from '../../content.js';
import { dispatchCaseStudyEvent } from '../../events.js';
import { normalizeEndpoint } from '../../lib/endpoint.js';
import { deepActiveElement, isOutside } from '../../lib/dialog.js';
import { downloadCaseStudy } from '../../lib/download.js';
import { currentPage, EMPTY_FIELDS, hasAtSign, isComplete, type LeadFields } from '../../lib/payload.js';

export interface DownloadDialogProps {
  host: Element;
  open: boolean;
  onClose(): void;
  endpoint?: string;
  formUrl?: string;
}

/**
 * The download modal (a lazy chunk): a native `<dialog>` shown with showModal(), so the page
 * behind is inert, Escape closes it and focus is trapped by the browser. It stays mounted once
 * opened: values typed before closing without success are still there on the next open.
 */
export default function DownloadDialog({ host, open, onClose, endpoint, formUrl }: DownloadDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const sending = useRef(false); // state alone lets a double click through before the re-render
  const pressedBackdrop = useRef(false);
  const [fields, setFields] = useState<LeadFields>(EMPTY_FIELDS);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    if (open && !dialog.open) {
      openerRef.current = deepActiveElement();
      dialog.showModal();
      firstFieldRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // However it closes (Escape, backdrop, Close, success), report it and give focus back to the opener.
  useEffect(() => {
    const dialog = dialogRef.current!;
    const closed = () => {
      onCloseRef.current();
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected) opener.focus();
    };
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, []);

  // A failure re-enables the button; if disabling it had dropped focus, put focus back on it.
  useEffect(() => {
    const root = dialogRef.current?.getRootNode() as DocumentOrShadowRoot | undefined;
    if (failed && !busy && dialogRef.current?.open && !root?.activeElement) submitRef.current?.focus();
  }, [failed, busy]);

  const close = () => dialogRef.current?.close();

  // A click on the backdrop targets the dialog itself, at a point outside its box. The press must
  // start there too, so selecting text in a field and releasing outside does not close it.
  const outside = (event: MouseEvent<HTMLDialogElement>) =>
    event.target === event.currentTarget &&
    isOutside(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);

  const change = (name: keyof LeadFields) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setFields((previous) => ({ ...previous, [name]: value }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !isComplete(fields)) return;
    if (!hasAtSign(fields.email)) return; // the spec: silently nothing
    const email = emailRef.current;
    if (email?.validity.typeMismatch) {
      // Has an @ but the browser's email type rejects it: show the browser's own hint, send nothing.
      email.reportValidity();
      return;
    }
    sending.current = true;
    setBusy(true);
    setFailed(false);
    try {
      const pdfUrl = await downloadCaseStudy(
        { endpoint: normalizeEndpoint(endpoint), formUrl: formUrl ?? '', fields, page: currentPage() },
        {
          container: dialogRef.current!,
          onSend: (target) => dispatchCaseStudyEvent(host, 'case-study-submit', { endpoint: target }),
        },
      );
      setFields(EMPTY_FIELDS);
      close();
      dispatchCaseStudyEvent(host, 'case-study-download', { pdfUrl: pdfUrl.href });
    } catch (error) {
      if (!(error instanceof Error && error.name === 'DownloadError')) {
        console.error('<redcliffe-case-study>: the download failed.', error);
      }
      setFailed(true);
      dispatchCaseStudyEvent(host, 'case-study-error', {
        message: error instanceof Error ? error.message : 'Download failed',
      });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
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
    >
      <div className="download__header">
        <h2 id="download-title" className="download__title">
          {copy.title}
        </h2>
        <button type="button" className="download__close" onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="visually-hidden">{copy.close}</span>
        </button>
      </div>
      <p id="download-intro" className="download__intro">
        {copy.intro}
      </p>
      <form className="download__form" noValidate onSubmit={submit}>
        <div className="download__names">
          <Field
            name="firstName"
            label={copy.firstName}
            autoComplete="given-name"
            value={fields.firstName}
            onChange={change('firstName')}
            inputRef={firstFieldRef}
          />
          <Field
            name="lastName"
            label={copy.lastName}
            autoComplete="family-name"
            value={fields.lastName}
            onChange={change('lastName')}
          />
        </div>
        <Field
          name="email"
          type="email"
          label={copy.email}
          autoComplete="email"
          value={fields.email}
          onChange={change('email')}
          inputRef={emailRef}
        />
        {failed && (
          <p role="alert" className="download__alert">
            {copy.error}
          </p>
        )}
        <button
          ref={submitRef}
          type="submit"
          className="button button--primary download__submit"
          disabled={busy || !isComplete(fields)}
        >
          {busy ? copy.submitting : copy.submit}
        </button>
      </form>
    </dialog>
  );
}

interface FieldProps {
  name: keyof LeadFields;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  onChange(event: { currentTarget: HTMLInputElement }): void;
  inputRef?: Ref<HTMLInputElement>;
}

function Field({ name, label, type = 'text', autoComplete, value, onChange, inputRef }: FieldProps) {
  const id = `download-${name}`;
  return (
    <div className="download__field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        spellCheck={type === 'email' ? false : undefined}
        required
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
