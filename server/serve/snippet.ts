/**
 * The HTML an editor pastes: the element's script (with its integrity), the element already
 * pointing where leads go (a `redcliffe-leads serve` server's endpoint, which also counts the
 * story's views and form opens, so the element carries `count-views`; or a HubSpot form), and the
 * PDF as a fallback link. Nothing to fill in.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeAttribute } from '../../src/shared/html.js';

export const API_PATH = '/api/download-case-study/';
export const PDF_FILE = 'Leaflet_Case_Study_One_Pager.pdf';
/** Where a serve server publishes this version's files (immutable: a new version is a new path). */
export const assetsPath = (version: string): string => `/assets/${version}/`;
/** The package's files on the public CDN, for pages that send leads to HubSpot and run no server. */
export const cdnAssets = (version: string): string => `https://cdn.jsdelivr.net/npm/redcliffe-case-study@${version}/dist/`;

export interface Integrity {
  version: string;
  files: Record<string, string>;
}

/**
 * The element's optional attributes a snippet can carry, by option name (renderCaseStudy's names
 * too): the privacy notice and the next step (a lead form is not launchable without a privacy
 * line), and the quoted person once marketing has confirmed them. The CLI's flags are the
 * attribute names (`--privacy-url`).
 */
export const ELEMENT_OPTIONS = {
  privacyUrl: 'privacy-url',
  contactUrl: 'contact-url',
  testimonialName: 'testimonial-name',
  testimonialTitle: 'testimonial-title',
  testimonialUrl: 'testimonial-url',
  testimonialPhoto: 'testimonial-photo',
} as const;
/** The options among them that are addresses: each must be an absolute http(s) URL. */
export const ELEMENT_URL_OPTIONS = ['privacyUrl', 'contactUrl', 'testimonialUrl', 'testimonialPhoto'] as const;
export type ElementOptions = Partial<Record<keyof typeof ELEMENT_OPTIONS, string>>;

export interface SnippetOptions {
  /** The folder URL the element's files are served from (ends with `/`). */
  assets: string;
  integrity: Integrity;
  /** Where leads go: a lead endpoint's URL, or a HubSpot form. */
  to: { endpoint: string } | { hubspotPortal: string; hubspotForm: string };
  /** Where the PDF fallback link points (default: the packaged copy beside the files). */
  pdfUrl?: string | undefined;
  /** The element's optional attributes (privacy notice, next step, the quoted person). */
  element?: ElementOptions | undefined;
}

/** A `<script type="module">` for one of the package's files, with its integrity. */
function moduleScript({ assets, integrity }: SnippetOptions, file: string): string {
  const hash = integrity.files[`dist/${file}`];
  if (!hash) throw new Error(`dist/integrity.json has no entry for dist/${file}: rebuild the package`);
  return `<script type="module" src="${escapeAttribute(`${assets}${file}`)}" integrity="${hash}" crossorigin="anonymous"></script>`;
}

/** The element rendered by the browser: the script, then the element. */
export function snippet(options: SnippetOptions): string {
  const { to } = options;
  const pdf = options.pdfUrl ?? `${options.assets}${PDF_FILE}`;
  const attributes =
    'endpoint' in to
      ? ` endpoint="${escapeAttribute(to.endpoint)}" count-views`
      : ` hubspot-portal="${escapeAttribute(to.hubspotPortal)}" hubspot-form="${escapeAttribute(to.hubspotForm)}"${options.pdfUrl ? ` pdf-url="${escapeAttribute(options.pdfUrl)}"` : ''}`;
  const given = Object.entries(ELEMENT_OPTIONS)
    .map(([option, attribute]) => {
      const value = options.element?.[option as keyof ElementOptions];
      return value ? ` ${attribute}="${escapeAttribute(value)}"` : '';
    })
    .join('');
  return [
    moduleScript(options, 'redcliffe-case-study.js'),
    `<redcliffe-case-study${attributes}${given}>`,
    `  <a href="${escapeAttribute(pdf)}">Read the Redcliffe Labs case study (PDF)</a>`,
    '</redcliffe-case-study>',
  ].join('\n');
}

/** The snippet for a serve server at `origin`: its files, its lead endpoint. */
export const serveSnippet = (origin: string, integrity: Integrity, options: Pick<SnippetOptions, 'pdfUrl' | 'element'> = {}): string =>
  snippet({ ...options, assets: `${origin}${assetsPath(integrity.version)}`, integrity, to: { endpoint: `${origin}${API_PATH}` } });

/**
 * The story already rendered (readable, and its plain form posting to the endpoint, without
 * JavaScript, its styles inline), hydrated by the element's script. `renderedElement` is
 * renderCaseStudy's HTML.
 */
function renderedSnippet(options: SnippetOptions, renderedElement: string): string {
  return [moduleScript(options, 'redcliffe-case-study.js'), renderedElement].join('\n');
}

/** The package's dist/ folder: the nearest folder up from this file that holds integrity.json. */
export function distDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'integrity.json'))) return dir;
  }
  throw new Error('redcliffe-leads: the package has no dist/integrity.json (build it with npm run build)');
}

export async function readIntegrity(dist = distDir()): Promise<Integrity> {
  return JSON.parse(await readFile(path.join(dist, 'integrity.json'), 'utf8')) as Integrity;
}

/**
 * The rendered snippet for a serve server at `origin`: the story rendered by the package's own
 * dist/ssr.js (no `base`: the story wherever it is pasted), its styles inline (the page paints it
 * without waiting for a stylesheet) and its plain form pointing at that server.
 */
export async function renderedSnippetFor(origin: string, element: ElementOptions = {}): Promise<string> {
  const dist = distDir();
  const integrity = await readIntegrity(dist);
  const assets = `${origin}${assetsPath(integrity.version)}`;
  const { renderCaseStudy } = (await import(pathToFileURL(path.join(dist, 'ssr.js')).href)) as {
    renderCaseStudy(options: { path: string; endpoint: string; assetsUrl: string; styles: 'inline'; countViews: boolean } & ElementOptions): { html: string };
  };
  const endpoint = `${origin}${API_PATH}`;
  const { html } = renderCaseStudy({ ...element, path: '/', endpoint, countViews: true, assetsUrl: assets, styles: 'inline' });
  return renderedSnippet({ assets, integrity, to: { endpoint } }, html);
}
