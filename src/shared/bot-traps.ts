/**
 * What the form without JavaScript sends besides the lead, for telling people from scripts: a field
 * people never see (a script that fills every field fills it too) and when the form was rendered
 * (a person takes more than a moment to type three fields). The server marks such a lead as spam,
 * answers it like any other, and never forwards it.
 */

/** The hidden field's name: a word form-filling scripts like to fill. */
export const HONEYPOT_FIELD = 'website';
/** The hidden field that carries the time (ms since the epoch) the form was rendered. */
export const RENDERED_AT_FIELD = 'form_rendered_at';
/** A form sent sooner than this after it was rendered was not typed by a person. */
export const MIN_FILL_MS = 2500;

/** Whether what a form sent looks like a script's: the hidden field filled, or sent too soon. */
export function looksAutomated(honeypot: string, renderedAt: string, now: number): boolean {
  if (honeypot.trim() !== '') return true;
  const rendered = Number(renderedAt);
  return renderedAt !== '' && Number.isFinite(rendered) && rendered <= now && now - rendered < MIN_FILL_MS;
}
