/**
 * The comparison as two whole lists one after the other, no handle to drag: on paper (print.styles.ts)
 * and in server-rendered HTML read without JavaScript (no-script.styles.ts). A module of its own, so
 * neither use puts it in the first download.
 */
export const comparisonStackedStyles = `
.compare__track { grid-template-areas: none; gap: 1em; box-shadow: none; cursor: auto; }
.compare__pane { grid-area: auto; padding-inline: var(--pad-inline); }
.compare__pane--after { clip-path: none; }
.compare__handle, .compare__hint { display: none; }
`;
