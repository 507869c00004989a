/**
 * The HTML an editor pastes, pointing at one `redcliffe-leads serve` server: the element's script
 * from it (with its integrity), the element with `endpoint` already set, and the PDF as a fallback
 * link. Nothing to fill in.
 */
import { escapeAttribute } from '../src/shared/html.js';

export const API_PATH = '/api/download-case-study/';
export const PDF_FILE = 'Leaflet_Case_Study_One_Pager.pdf';
/** Where a serve server publishes this version's files (immutable: a new version is a new path). */
export const assetsPath = (version: string): string => `/assets/${version}/`;

export interface Integrity {
  version: string;
  files: Record<string, string>;
}

export interface SnippetOptions {
  /** The serve server's public origin. */
  origin: string;
  integrity: Integrity;
  /** Where the PDF fallback link points (default: the server's packaged copy). */
  pdfUrl?: string | undefined;
}

const pdfOf = ({ origin, integrity, pdfUrl }: SnippetOptions) => pdfUrl ?? `${origin}${assetsPath(integrity.version)}${PDF_FILE}`;

/** A `<script type="module">` for one of the package's files on the server, with its integrity. */
export function moduleScript({ origin, integrity }: SnippetOptions, file: string): string {
  const hash = integrity.files[`dist/${file}`];
  if (!hash) throw new Error(`dist/integrity.json has no entry for dist/${file}: rebuild the package`);
  return `<script type="module" src="${escapeAttribute(`${origin}${assetsPath(integrity.version)}${file}`)}" integrity="${hash}" crossorigin="anonymous"></script>`;
}

/** The element rendered by the browser: the script, then the element. */
export function snippet(options: SnippetOptions): string {
  return [
    moduleScript(options, 'redcliffe-case-study.js'),
    `<redcliffe-case-study endpoint="${escapeAttribute(options.origin + API_PATH)}">`,
    `  <a href="${escapeAttribute(pdfOf(options))}">Read the Redcliffe Labs case study (PDF)</a>`,
    '</redcliffe-case-study>',
  ].join('\n');
}

/**
 * The server-rendered story: readable and downloadable without JavaScript (its plain form posts to
 * the same server), hydrated by `after-paint.js`. `renderedElement` is renderCaseStudy's HTML.
 */
export function renderedSnippet(options: SnippetOptions, renderedElement: string): string {
  return [moduleScript(options, 'after-paint.js'), renderedElement].join('\n');
}
