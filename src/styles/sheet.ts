import { comparisonSliderStyles } from '../components/ComparisonSlider/comparison-slider.styles.js';
import { downloadCardStyles } from '../components/DownloadDialog/download-card.styles.js';
import { heroStyles } from '../components/Hero/hero.styles.js';
import { illustrationStyles } from '../components/Illustrations/illustrations.styles.js';
import { lazySectionStyles } from '../components/LazySection/lazy-section.styles.js';
import { privacyStyles } from '../components/HostLinks/host-links.styles.js';
import { notFoundStyles } from '../components/NotFound/not-found.styles.js';
import { baseStyles } from './base.styles.js';
import { isolationStyles } from './isolation.styles.js';
import { printStyles } from './print.styles.js';
import { renderingStyles } from './rendering.styles.js';

/** The initial bundle's rules; the print rules come after every chunk's (sheetText), so they win on paper. */
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
export { printStyles };

let shared: CSSStyleSheet | undefined;
/** Styles a lazy chunk brought along (the dialog's form), kept in the sheet from then on. */
const extra = new Set<string>();

/** The one constructable stylesheet every instance on the page adopts (built on first use). */
export function caseStudySheet(): CSSStyleSheet {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(sheetText());
  }
  return shared;
}

/** Add a lazy chunk's styles to the shared sheet (once), so they stay out of the initial bundle. */
export function extendCaseStudySheet(styles: string): void {
  if (extra.has(styles)) return;
  extra.add(styles);
  shared?.replaceSync(sheetText());
}

const sheetText = () => [css, ...extra, printStyles].join('\n');
