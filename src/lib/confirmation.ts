/**
 * The confirmation shown in the call to action's place after a download started: kept per element
 * in memory only, so it survives a re-render (and the element being taken out and put back) but
 * never a reload: the next visitor of a shared device does not see someone else's name.
 */
export interface Confirmation {
  /** The first name as typed, trimmed. */
  firstName: string;
  /** The PDF's address, for the direct link. */
  pdfUrl: string;
}

const confirmations = new WeakMap<object, Confirmation>();

export function rememberConfirmation(host: object | undefined, confirmation: Confirmation): void {
  if (host) confirmations.set(host, confirmation);
}

export function recalledConfirmation(host: object | undefined): Confirmation | null {
  return (host && confirmations.get(host)) || null;
}

/** The confirmation for a lead that downloaded `pdfUrl`. */
export function confirmationFor(firstName: string, pdfUrl: string): Confirmation {
  return { firstName: firstName.trim(), pdfUrl };
}
