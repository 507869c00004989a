import { comparisonSliderStyles } from '../components/ComparisonSlider/comparison-slider.styles.js';
import { downloadCardStyles } from '../components/DownloadDialog/download-card.styles.js';
import { heroStyles } from '../components/Hero/hero.styles.js';
import { illustrationStyles } from '../components/Illustrations/illustrations.styles.js';
import { lazySectionStyles } from '../components/LazySection/lazy-section.styles.js';
import { privacyStyles } from '../components/HostLinks/host-links.styles.js';
import { notFoundStyles } from '../components/NotFound/not-found.styles.js';
import { baseStyles } from './base.styles.js';
import { isolationStyles } from './isolation.styles.js';
import { renderingStyles } from './rendering.styles.js';

/** The initial bundle's rules. The print rules come with the sections below the hero (a page is printed whole), after every chunk's rules, so they win on paper. */
export const css = [
  isolationStyles,
  baseStyles,
  renderingStyles,
  illustrationStyles,
  heroStyles,
  comparisonSliderStyles,
  lazySectionStyles,
  notFoundStyles,
  downloadCardStyles,
  privacyStyles,
].join('\n');

let shared: CSSStyleSheet | undefined;
/** Styles a lazy chunk brought along (the dialog's form), kept in the sheet from then on. */
const extra = new Set<string>();
/** The print rules, once a chunk brought them: always last. */
let print = '';
let added: CSSStyleSheet | undefined;
/** What chunks added that a server-rendered story's own stylesheet lacks (server-sheet.ts has the sections' styles). */
const clientOnly = new Set<string>();

const sheetText = () => [css, ...extra, print].join('\n');
const addedText = () => [...clientOnly].join('\n');
const built = (text: string) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
};

/** The one constructable stylesheet every instance rendered on the client adopts (built on first use). */
export const caseStudySheet = (): CSSStyleSheet => (shared ??= built(sheetText()));

/**
 * What a hydrated story adopts beside the server's stylesheet, which it keeps: only the rules chunks
 * add that the server's lacks, so hydrating parses no rule twice and restyles nothing.
 */
export const clientOnlySheet = (): CSSStyleSheet => (added ??= built(addedText()));

/**
 * Add a lazy chunk's styles to the shared sheet (once), so they stay out of the initial bundle;
 * `printRules`, if given, go after every other rule.
 */
export function extendCaseStudySheet(styles: string, printRules = ''): void {
  if (extra.has(styles) && printRules === print) return;
  extra.add(styles);
  print = printRules || print;
  shared?.replaceSync(sheetText());
}

/** A chunk's styles that the server's stylesheet does not hold (it renders no dialog): for every instance. */
export function addClientOnlyStyles(styles: string): void {
  extendCaseStudySheet(styles);
  clientOnly.add(styles);
  added?.replaceSync(addedText());
}
