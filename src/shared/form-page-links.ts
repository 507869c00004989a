/**
 * The plain form's hidden fields that tell the server's answer pages (the thank-you page after a
 * good submit, the page that asks to fix a field) what to link to: the host's privacy notice
 * (`privacy-url`) and the next step (`contact-url`, its words and the story's `cta.nextStep`). The
 * element writes them (src/components/CtaSection/NoScriptForm.tsx); the server reads and checks
 * them (server/routes/form-page.ts): each address http(s) or mailto:, each text capped, all escaped.
 */
export const PAGE_LINK_FIELDS = {
  privacyUrl: 'privacy_url',
  nextUrl: 'next_url',
  nextLabel: 'next_label',
  nextText: 'next_text',
} as const;
