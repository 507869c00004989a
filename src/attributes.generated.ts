// Generated from custom-elements.json (src/element.ts's r2wc props and JSDoc) by scripts/build-attribute-types.mjs,
// the first step of `npm run build`. Do not edit; commit it when the build changes it.

/** Attributes of `<redcliffe-case-study>` in HTML and JSX, by their HTML names. */
export interface RedcliffeCaseStudyAttributes {
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
  /** Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. */
  'hubspot-portal'?: string;
  /** The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. */
  'hubspot-form'?: string;
  /** The PDF a visitor gets in HubSpot mode; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. */
  'pdf-url'?: string;
  /** On server-rendered HTML: the element keeps the server's markup untouched until the page removes this attribute, then hydrates (the community convention). No property; the element reads it itself. */
  'defer-hydration'?: boolean | '';
}

/** The element's properties that reflect an attribute. */
export interface RedcliffeCaseStudyProperties {
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
  /** Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. Setting `null` removes the attribute. */
  get hubspotPortal(): string;
  set hubspotPortal(value: string | null | undefined);
  /** The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. Setting `null` removes the attribute. */
  get hubspotForm(): string;
  set hubspotForm(value: string | null | undefined);
  /** The PDF a visitor gets in HubSpot mode; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. Setting `null` removes the attribute. */
  get pdfUrl(): string;
  set pdfUrl(value: string | null | undefined);
}

/** The attributes as camel-cased React props of `<RedcliffeCaseStudy>`. */
export interface RedcliffeCaseStudyAttributeProps {
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
  /** The `hubspot-portal` attribute. Your HubSpot account ID. With `hubspot-form`, the download form sends the lead straight to that HubSpot form (Forms API v3) instead of `endpoint`: no lead server needed. Reflected by the `hubspotPortal` property. Default `""`. */
  hubspotPortal?: string;
  /** The `hubspot-form` attribute. The HubSpot form's GUID, with `hubspot-portal`. Reflected by the `hubspotForm` property. Default `""`. */
  hubspotForm?: string;
  /** The `pdf-url` attribute. The PDF a visitor gets in HubSpot mode; default the packaged one-pager beside the element's script. Reflected by the `pdfUrl` property. Default `""`. */
  pdfUrl?: string;
  /** The `defer-hydration` attribute. On server-rendered HTML: the element keeps the server's markup untouched until the page removes this attribute, then hydrates (the community convention). No property; the element reads it itself. */
  deferHydration?: boolean;
}

/** Each prop of RedcliffeCaseStudyAttributeProps and the attribute it renders. */
export const ATTRIBUTE_OF_PROP = {
  base: 'base',
  endpoint: 'endpoint',
  formUrl: 'form-url',
  contactUrl: 'contact-url',
  contactLabel: 'contact-label',
  privacyUrl: 'privacy-url',
  hubspotPortal: 'hubspot-portal',
  hubspotForm: 'hubspot-form',
  pdfUrl: 'pdf-url',
  deferHydration: 'defer-hydration',
} as const satisfies Record<keyof RedcliffeCaseStudyAttributeProps, keyof RedcliffeCaseStudyAttributes>;
