import { comparisonStackedStyles } from '../components/ComparisonSlider/comparison-stacked.styles.js';

/**
 * Server-rendered HTML read without JavaScript: the hero's buttons, which could not work, are not
 * shown (the story and its plain form are right below), and the comparison stacks its two lists.
 * Only in the server's stylesheet (server-sheet.ts): the browser bundle runs only with scripting on.
 * The lazy sections' own no-script rules stay beside them.
 */
export const noScriptStyles = `@media (scripting: none) { .hero__actions { display: none; } ${comparisonStackedStyles} }`;
