// Generated from custom-elements.json (src/element.ts's r2wc props and JSDoc) by scripts/build-attribute-types.mjs,
// the first step of `npm run build`. Do not edit; commit it when the build changes it.

/** Attributes of `<redcliffe-case-study>` in HTML and JSX, by their HTML names. */
export interface RedcliffeCaseStudyAttributes {
  /** The URL of a story file (JSON, checked by `redcliffe-case-study/story.schema.json`; absolute or relative to the page), fetched with CORS once per URL however many elements show it. Its relative addresses (logo, photo) are read against the file's own URL. Absent, the default story (Redcliffe Labs), with no request; a file that is missing, not JSON or not a valid story shows a short message in the element's box and one console error naming the URL and the fields. The `story` property takes precedence. Reflected by the `src` property. Default `""`. */
  src?: string;
  /** Path the story is mounted at; a trailing slash is tolerated. Other paths under it show the 404 page, and so does a page outside it. Without it the story shows at any URL (a CMS post, a preview), except below `/case-study/redcliffe-labs`, which routes as the default base. Reflected by the `base` property. Default `"/case-study/redcliffe-labs"`. */
  base?: string;
  /** Where the download form POSTs its JSON. Reflected by the `endpoint` property. Default `"/api/download-case-study/"`. */
  endpoint?: string;
  /** The marketing-automation form endpoint, sent as `url` in the payload. Reflected by the `formUrl` property. Default `""`. */
  'form-url'?: string;
  /** Where a visitor reaches a person (a page, `mailto:` or `tel:`): the next step shown after a download, and the way forward when sending fails. Absent, no such link. Reflected by the `contactUrl` property. Default `""`. */
  'contact-url'?: string;
  /** The text of the `contact-url` link. Reflected by the `contactLabel` property. Default `"Talk to our team"`. */
  'contact-label'?: string;
  /** The privacy notice: a line under the download form (dialog and no-JavaScript form) says what the details are used for and links here. Absent, no line. Reflected by the `privacyUrl` property. Default `""`. */
  'privacy-url'?: string;
  /** The words of an optional consent box under the download form (dialog and no-JavaScript form), never ticked until the visitor ticks it, such as "Send me news about WhatsApp Calling by email.". The lead keeps these words, the privacy line and whether the box was ticked; HubSpot gets them as its `legalConsentOptions`. Absent, no box. Reflected by the `consentText` property. Default `""`. */
  'consent-text'?: string;
  /** The HubSpot subscription type (digits) the consent box subscribes to: sent with the box's state in HubSpot mode. Reflected by the `hubspotSubscriptionType` property. Default `""`. */
  'hubspot-subscription-type'?: string;
  /** Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. */
  'hubspot-portal'?: string;
  /** The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. */
  'hubspot-form'?: string;
  /** The PDF a visitor gets in HubSpot mode, and the one handed over with `pdf-on-failure`; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. */
  'pdf-url'?: string;
  /** When the lead could not be sent (after the automatic retries), the failure message also links the PDF (`pdf-url`, or the packaged one-pager): the visitor gets the case study even though no lead was recorded. Off by default: without it, only sent leads get the PDF. Reflected by the `pdfOnFailure` property. */
  'pdf-on-failure'?: boolean | '';
  /** The lead server at `endpoint` counts the story's views and form opens for its /admin numbers (`redcliffe-leads snippet`, its start page and the WordPress plugin write it for a `redcliffe-leads serve` server). Only then, and never with `no-analytics`, the element reports once per page load when the story's hero is first on screen and when the download dialog opens: a beacon to `endpoint` with the page's address (no query string), its `utm_source` and `utm_campaign` and a random id per page load; no cookie, nothing stored on the visitor's device, and nothing at all for a visitor with Global Privacy Control or Do Not Track. HubSpot mode sends none. Without it the lead endpoint gets exactly its leads. Reflected by the `countViews` property. */
  'count-views'?: boolean | '';
  /** Sends no `view` or `open` events, even with `count-views` (a site that does not count its visitors). Reflected by the `noAnalytics` property. */
  'no-analytics'?: boolean | '';
  /** The quoted person's name (a placeholder until marketing confirms it). Reflected by the `testimonialName` property. Default `"Ananya Mehra"`. */
  'testimonial-name'?: string;
  /** Their title, shown before the company's name (a placeholder until confirmed). Reflected by the `testimonialTitle` property. Default `"Chief Marketing & Customer Officer"`. */
  'testimonial-title'?: string;
  /** Their profile (an `https:`/`http:` or relative address): the link under the quote reads "View <name>’s profile". Absent, the link goes to Redcliffe Labs' company page on LinkedIn and says so. Reflected by the `testimonialUrl` property. Default `""`. */
  'testimonial-url'?: string;
  /** A photo of them (an `https:`/`http:` or relative image address), shown round in place of their initials. Absent, the initials. Reflected by the `testimonialPhoto` property. Default `""`. */
  'testimonial-photo'?: string;
  /** On server-rendered HTML: the element keeps the server's markup untouched until the page removes this attribute, then hydrates (the community convention). No property; the element reads it itself. */
  'defer-hydration'?: boolean | '';
}

/** The element's properties that reflect an attribute. */
export interface RedcliffeCaseStudyProperties {
  /** The URL of a story file (JSON, checked by `redcliffe-case-study/story.schema.json`; absolute or relative to the page), fetched with CORS once per URL however many elements show it. Its relative addresses (logo, photo) are read against the file's own URL. Absent, the default story (Redcliffe Labs), with no request; a file that is missing, not JSON or not a valid story shows a short message in the element's box and one console error naming the URL and the fields. The `story` property takes precedence. Reflected by the `src` property. Default `""`. Setting `null` removes the attribute. */
  get src(): string;
  set src(value: string | null | undefined);
  /** Path the story is mounted at; a trailing slash is tolerated. Other paths under it show the 404 page, and so does a page outside it. Without it the story shows at any URL (a CMS post, a preview), except below `/case-study/redcliffe-labs`, which routes as the default base. Reflected by the `base` property. Default `"/case-study/redcliffe-labs"`. Setting `null` removes the attribute. */
  get base(): string;
  set base(value: string | null | undefined);
  /** Where the download form POSTs its JSON. Reflected by the `endpoint` property. Default `"/api/download-case-study/"`. Setting `null` removes the attribute. */
  get endpoint(): string;
  set endpoint(value: string | null | undefined);
  /** The marketing-automation form endpoint, sent as `url` in the payload. Reflected by the `formUrl` property. Default `""`. Setting `null` removes the attribute. */
  get formUrl(): string;
  set formUrl(value: string | null | undefined);
  /** Where a visitor reaches a person (a page, `mailto:` or `tel:`): the next step shown after a download, and the way forward when sending fails. Absent, no such link. Reflected by the `contactUrl` property. Default `""`. Setting `null` removes the attribute. */
  get contactUrl(): string;
  set contactUrl(value: string | null | undefined);
  /** The text of the `contact-url` link. Reflected by the `contactLabel` property. Default `"Talk to our team"`. Setting `null` removes the attribute. */
  get contactLabel(): string;
  set contactLabel(value: string | null | undefined);
  /** The privacy notice: a line under the download form (dialog and no-JavaScript form) says what the details are used for and links here. Absent, no line. Reflected by the `privacyUrl` property. Default `""`. Setting `null` removes the attribute. */
  get privacyUrl(): string;
  set privacyUrl(value: string | null | undefined);
  /** The words of an optional consent box under the download form (dialog and no-JavaScript form), never ticked until the visitor ticks it, such as "Send me news about WhatsApp Calling by email.". The lead keeps these words, the privacy line and whether the box was ticked; HubSpot gets them as its `legalConsentOptions`. Absent, no box. Reflected by the `consentText` property. Default `""`. Setting `null` removes the attribute. */
  get consentText(): string;
  set consentText(value: string | null | undefined);
  /** The HubSpot subscription type (digits) the consent box subscribes to: sent with the box's state in HubSpot mode. Reflected by the `hubspotSubscriptionType` property. Default `""`. Setting `null` removes the attribute. */
  get hubspotSubscriptionType(): string;
  set hubspotSubscriptionType(value: string | null | undefined);
  /** Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. Setting `null` removes the attribute. */
  get hubspotPortal(): string;
  set hubspotPortal(value: string | null | undefined);
  /** The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. Setting `null` removes the attribute. */
  get hubspotForm(): string;
  set hubspotForm(value: string | null | undefined);
  /** The PDF a visitor gets in HubSpot mode, and the one handed over with `pdf-on-failure`; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. Setting `null` removes the attribute. */
  get pdfUrl(): string;
  set pdfUrl(value: string | null | undefined);
  /** When the lead could not be sent (after the automatic retries), the failure message also links the PDF (`pdf-url`, or the packaged one-pager): the visitor gets the case study even though no lead was recorded. Off by default: without it, only sent leads get the PDF. Reflected by the `pdfOnFailure` property. Setting `null` removes the attribute. */
  get pdfOnFailure(): boolean;
  set pdfOnFailure(value: boolean | null | undefined);
  /** The lead server at `endpoint` counts the story's views and form opens for its /admin numbers (`redcliffe-leads snippet`, its start page and the WordPress plugin write it for a `redcliffe-leads serve` server). Only then, and never with `no-analytics`, the element reports once per page load when the story's hero is first on screen and when the download dialog opens: a beacon to `endpoint` with the page's address (no query string), its `utm_source` and `utm_campaign` and a random id per page load; no cookie, nothing stored on the visitor's device, and nothing at all for a visitor with Global Privacy Control or Do Not Track. HubSpot mode sends none. Without it the lead endpoint gets exactly its leads. Reflected by the `countViews` property. Setting `null` removes the attribute. */
  get countViews(): boolean;
  set countViews(value: boolean | null | undefined);
  /** Sends no `view` or `open` events, even with `count-views` (a site that does not count its visitors). Reflected by the `noAnalytics` property. Setting `null` removes the attribute. */
  get noAnalytics(): boolean;
  set noAnalytics(value: boolean | null | undefined);
  /** The quoted person's name (a placeholder until marketing confirms it). Reflected by the `testimonialName` property. Default `"Ananya Mehra"`. Setting `null` removes the attribute. */
  get testimonialName(): string;
  set testimonialName(value: string | null | undefined);
  /** Their title, shown before the company's name (a placeholder until confirmed). Reflected by the `testimonialTitle` property. Default `"Chief Marketing & Customer Officer"`. Setting `null` removes the attribute. */
  get testimonialTitle(): string;
  set testimonialTitle(value: string | null | undefined);
  /** Their profile (an `https:`/`http:` or relative address): the link under the quote reads "View <name>’s profile". Absent, the link goes to Redcliffe Labs' company page on LinkedIn and says so. Reflected by the `testimonialUrl` property. Default `""`. Setting `null` removes the attribute. */
  get testimonialUrl(): string;
  set testimonialUrl(value: string | null | undefined);
  /** A photo of them (an `https:`/`http:` or relative image address), shown round in place of their initials. Absent, the initials. Reflected by the `testimonialPhoto` property. Default `""`. Setting `null` removes the attribute. */
  get testimonialPhoto(): string;
  set testimonialPhoto(value: string | null | undefined);
}

/** The attributes as camel-cased React props of `<RedcliffeCaseStudy>`. */
export interface RedcliffeCaseStudyAttributeProps {
  /** The `src` attribute. The URL of a story file (JSON, checked by `redcliffe-case-study/story.schema.json`; absolute or relative to the page), fetched with CORS once per URL however many elements show it. Its relative addresses (logo, photo) are read against the file's own URL. Absent, the default story (Redcliffe Labs), with no request; a file that is missing, not JSON or not a valid story shows a short message in the element's box and one console error naming the URL and the fields. The `story` property takes precedence. Reflected by the `src` property. Default `""`. */
  src?: string;
  /** The `base` attribute. Path the story is mounted at; a trailing slash is tolerated. Other paths under it show the 404 page, and so does a page outside it. Without it the story shows at any URL (a CMS post, a preview), except below `/case-study/redcliffe-labs`, which routes as the default base. Reflected by the `base` property. Default `"/case-study/redcliffe-labs"`. */
  base?: string;
  /** The `endpoint` attribute. Where the download form POSTs its JSON. Reflected by the `endpoint` property. Default `"/api/download-case-study/"`. */
  endpoint?: string;
  /** The `form-url` attribute. The marketing-automation form endpoint, sent as `url` in the payload. Reflected by the `formUrl` property. Default `""`. */
  formUrl?: string;
  /** The `contact-url` attribute. Where a visitor reaches a person (a page, `mailto:` or `tel:`): the next step shown after a download, and the way forward when sending fails. Absent, no such link. Reflected by the `contactUrl` property. Default `""`. */
  contactUrl?: string;
  /** The `contact-label` attribute. The text of the `contact-url` link. Reflected by the `contactLabel` property. Default `"Talk to our team"`. */
  contactLabel?: string;
  /** The `privacy-url` attribute. The privacy notice: a line under the download form (dialog and no-JavaScript form) says what the details are used for and links here. Absent, no line. Reflected by the `privacyUrl` property. Default `""`. */
  privacyUrl?: string;
  /** The `consent-text` attribute. The words of an optional consent box under the download form (dialog and no-JavaScript form), never ticked until the visitor ticks it, such as "Send me news about WhatsApp Calling by email.". The lead keeps these words, the privacy line and whether the box was ticked; HubSpot gets them as its `legalConsentOptions`. Absent, no box. Reflected by the `consentText` property. Default `""`. */
  consentText?: string;
  /** The `hubspot-subscription-type` attribute. The HubSpot subscription type (digits) the consent box subscribes to: sent with the box's state in HubSpot mode. Reflected by the `hubspotSubscriptionType` property. Default `""`. */
  hubspotSubscriptionType?: string;
  /** The `hubspot-portal` attribute. Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. */
  hubspotPortal?: string;
  /** The `hubspot-form` attribute. The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. */
  hubspotForm?: string;
  /** The `pdf-url` attribute. The PDF a visitor gets in HubSpot mode, and the one handed over with `pdf-on-failure`; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. */
  pdfUrl?: string;
  /** The `pdf-on-failure` attribute. When the lead could not be sent (after the automatic retries), the failure message also links the PDF (`pdf-url`, or the packaged one-pager): the visitor gets the case study even though no lead was recorded. Off by default: without it, only sent leads get the PDF. Reflected by the `pdfOnFailure` property. */
  pdfOnFailure?: boolean;
  /** The `count-views` attribute. The lead server at `endpoint` counts the story's views and form opens for its /admin numbers (`redcliffe-leads snippet`, its start page and the WordPress plugin write it for a `redcliffe-leads serve` server). Only then, and never with `no-analytics`, the element reports once per page load when the story's hero is first on screen and when the download dialog opens: a beacon to `endpoint` with the page's address (no query string), its `utm_source` and `utm_campaign` and a random id per page load; no cookie, nothing stored on the visitor's device, and nothing at all for a visitor with Global Privacy Control or Do Not Track. HubSpot mode sends none. Without it the lead endpoint gets exactly its leads. Reflected by the `countViews` property. */
  countViews?: boolean;
  /** The `no-analytics` attribute. Sends no `view` or `open` events, even with `count-views` (a site that does not count its visitors). Reflected by the `noAnalytics` property. */
  noAnalytics?: boolean;
  /** The `testimonial-name` attribute. The quoted person's name (a placeholder until marketing confirms it). Reflected by the `testimonialName` property. Default `"Ananya Mehra"`. */
  testimonialName?: string;
  /** The `testimonial-title` attribute. Their title, shown before the company's name (a placeholder until confirmed). Reflected by the `testimonialTitle` property. Default `"Chief Marketing & Customer Officer"`. */
  testimonialTitle?: string;
  /** The `testimonial-url` attribute. Their profile (an `https:`/`http:` or relative address): the link under the quote reads "View <name>’s profile". Absent, the link goes to Redcliffe Labs' company page on LinkedIn and says so. Reflected by the `testimonialUrl` property. Default `""`. */
  testimonialUrl?: string;
  /** The `testimonial-photo` attribute. A photo of them (an `https:`/`http:` or relative image address), shown round in place of their initials. Absent, the initials. Reflected by the `testimonialPhoto` property. Default `""`. */
  testimonialPhoto?: string;
  /** The `defer-hydration` attribute. On server-rendered HTML: the element keeps the server's markup untouched until the page removes this attribute, then hydrates (the community convention). No property; the element reads it itself. */
  deferHydration?: boolean;
}

/** Each prop of RedcliffeCaseStudyAttributeProps and the attribute it renders. */
export const ATTRIBUTE_OF_PROP = {
  src: 'src',
  base: 'base',
  endpoint: 'endpoint',
  formUrl: 'form-url',
  contactUrl: 'contact-url',
  contactLabel: 'contact-label',
  privacyUrl: 'privacy-url',
  consentText: 'consent-text',
  hubspotSubscriptionType: 'hubspot-subscription-type',
  hubspotPortal: 'hubspot-portal',
  hubspotForm: 'hubspot-form',
  pdfUrl: 'pdf-url',
  pdfOnFailure: 'pdf-on-failure',
  countViews: 'count-views',
  noAnalytics: 'no-analytics',
  testimonialName: 'testimonial-name',
  testimonialTitle: 'testimonial-title',
  testimonialUrl: 'testimonial-url',
  testimonialPhoto: 'testimonial-photo',
  deferHydration: 'defer-hydration',
} as const satisfies Record<keyof RedcliffeCaseStudyAttributeProps, keyof RedcliffeCaseStudyAttributes>;
