import { comparisonStackedStyles } from '../components/ComparisonSlider/comparison-stacked.styles.js';

/**
 * Server-rendered HTML read without JavaScript: the hero keeps its offer, which submits the plain
 * form (its `form` attribute): the browser takes the visitor to the form's first field and asks for
 * it. The read-more button, which could not scroll, is not shown, nor the offer where there is no
 * form (no endpoint to post to). The comparison stacks its two lists.
 * Only in the server's stylesheet (server-sheet.ts): the browser bundle runs only with scripting on.
 * The lazy sections' own no-script rules stay beside them.
 */
export const noScriptStyles = `@media (scripting: none) { .hero__actions .button--secondary, .page:not(:has(.cta__form)) .hero__actions { display: none; } ${comparisonStackedStyles} }`;
