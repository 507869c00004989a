/**
 * Sections below the hero fade in as they are reached (src/components/FadeIn/). Every fading
 * section is in a lazy chunk, so these rules come with the first of them, the below-hero chunk (as
 * the print rules do), not in the first download; a section whose rules are missing (that chunk
 * failed) simply shows without fading.
 */
export const fadeStyles = `
.fade { opacity: 0; translate: 0 1.5em; transition: opacity .6s ease-out, translate .6s ease-out; }
.fade--in { opacity: 1; translate: none; }
/* Scroll targets fade without sliding: a pending translate would shift where scrolling lands (the header offset). */
.fade[id] { translate: none; }
@media (prefers-reduced-motion: reduce) { .fade { opacity: 1; translate: none; transition: none; } }
`;
