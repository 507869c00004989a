import { consentStyles } from '../components/HostLinks/consent-box.styles.js';
import { ctaSectionStyles } from '../components/CtaSection/cta-section.styles.js';
import { jumpNavStyles } from '../components/JumpNav/jump-nav.styles.js';
import { belowHeroStyles } from '../components/StoryPage/below-hero.styles.js';
import { noScriptStyles } from './no-script.styles.js';
import { printStyles } from './print.styles.js';
import { css } from './sheet.js';

/**
 * The rules server-rendered HTML needs: the shared sheet plus the styles of the sections the server
 * renders at once but the browser loads as lazy chunks (the sections below the hero, the call to
 * action with its consent box, the JumpNav), the rules for reading it without JavaScript, the print rules last as in the
 * browser's sheet.
 * `dist/redcliffe-case-study.css` is written from this, so a story read before hydration, or without
 * JavaScript, is styled completely. Never imported by the browser bundle (it would pull the chunks'
 * styles into the initial download).
 */
export const serverCss = [css, belowHeroStyles, ctaSectionStyles, consentStyles, jumpNavStyles, noScriptStyles, printStyles].join('\n');
