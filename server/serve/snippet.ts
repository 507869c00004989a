/**
 * The HTML an editor pastes, with nothing to fill in: the element's script with its integrity, the element pointing
 * where leads go (a serve server's endpoint, which counts views, or a HubSpot form) and the PDF as a fallback link.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeAttribute } from '../../src/shared/html.js';

export const API_PATH = '/api/download-case-study/';
export const PDF_FILE = 'Leaflet_Case_Study_One_Pager.pdf';
/** Immutable: a new version is a new path. */
export const assetsPath = (version: string): string => `/assets/${version}/`;
/** For pages that send leads to HubSpot and run no server. */
export const cdnAssets = (version: string): string => `https://cdn.jsdelivr.net/npm/redcliffe-case-study@${version}/dist/`;

export interface Integrity {
  version: string;
  files: Record<string, string>;
}

/** The element's optional attributes a snippet carries (the CLI's flags), by renderCaseStudy's option names. */
export const ELEMENT_OPTIONS = {
  privacyUrl: 'privacy-url',
  contactUrl: 'contact-url',
  consentText: 'consent-text',
  hubspotSubscriptionType: 'hubspot-subscription-type',
  testimonialName: 'testimonial-name',
  testimonialTitle: 'testimonial-title',
  testimonialUrl: 'testimonial-url',
  testimonialPhoto: 'testimonial-photo',
} as const;
export const ELEMENT_URL_OPTIONS = ['privacyUrl', 'contactUrl', 'testimonialUrl', 'testimonialPhoto'] as const;
export type ElementOptions = Partial<Record<keyof typeof ELEMENT_OPTIONS, string>>;

export interface SnippetOptions {
  /** The folder URL of the element's files (ends with `/`). */
  assets: string;
  integrity: Integrity;
  to: { endpoint: string } | { hubspotPortal: string; hubspotForm: string };
  /** Default: the packaged PDF beside the files. */
  pdfUrl?: string | undefined;
  element?: ElementOptions | undefined;
}

function moduleScript({ assets, integrity }: Pick<SnippetOptions, 'assets' | 'integrity'>, file: string): string {
  const hash = integrity.files[`dist/${file}`];
  if (!hash) throw new Error(`dist/integrity.json has no entry for dist/${file}: rebuild the package`);
  return `<script type="module" src="${escapeAttribute(`${assets}${file}`)}" integrity="${hash}" crossorigin="anonymous"></script>`;
}

export function snippet(options: SnippetOptions): string {
  const { to } = options;
  const pdf = options.pdfUrl ?? `${options.assets}${PDF_FILE}`;
  const attributes =
    'endpoint' in to
      ? ` endpoint="${escapeAttribute(to.endpoint)}" count-views`
      : ` hubspot-portal="${escapeAttribute(to.hubspotPortal)}" hubspot-form="${escapeAttribute(to.hubspotForm)}"${options.pdfUrl ? ` pdf-url="${escapeAttribute(options.pdfUrl)}"` : ''}`;
  let given = '';
  for (const [option, attribute] of Object.entries(ELEMENT_OPTIONS) as [keyof ElementOptions, string][]) {
    const value = options.element?.[option];
    if (value) given += ` ${attribute}="${escapeAttribute(value)}"`;
  }
  return [
    moduleScript(options, 'redcliffe-case-study.js'),
    `<redcliffe-case-study${attributes}${given}>`,
    `  <a href="${escapeAttribute(pdf)}">Read the Redcliffe Labs case study (PDF)</a>`,
    '</redcliffe-case-study>',
  ].join('\n');
}

export const serveSnippet = (origin: string, integrity: Integrity, options: Pick<SnippetOptions, 'pdfUrl' | 'element'> = {}): string =>
  snippet({ ...options, assets: `${origin}${assetsPath(integrity.version)}`, integrity, to: { endpoint: `${origin}${API_PATH}` } });

export function distDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) if (existsSync(path.join(dir, 'integrity.json'))) return dir;
  throw new Error('redcliffe-leads: the package has no dist/integrity.json (build it with npm run build)');
}

export async function readIntegrity(dist = distDir()): Promise<Integrity> {
  return JSON.parse(await readFile(path.join(dist, 'integrity.json'), 'utf8')) as Integrity;
}

/** The story rendered by dist/ssr.js (readable without JavaScript, styles inline, its form posting to `origin`), hydrated by the script. */
export async function renderedSnippetFor(origin: string, element: ElementOptions = {}): Promise<string> {
  const dist = distDir();
  const integrity = await readIntegrity(dist);
  const assets = `${origin}${assetsPath(integrity.version)}`;
  const { renderCaseStudy } = (await import(pathToFileURL(path.join(dist, 'ssr.js')).href)) as {
    renderCaseStudy(options: { path: string; endpoint: string; assetsUrl: string; styles: 'inline'; countViews: boolean } & ElementOptions): { html: string };
  };
  const { html } = renderCaseStudy({ ...element, path: '/', endpoint: `${origin}${API_PATH}`, countViews: true, assetsUrl: assets, styles: 'inline' });
  return `${moduleScript({ assets, integrity }, 'redcliffe-case-study.js')}\n${html}`;
}
