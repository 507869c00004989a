/**
 * Several stories side by side (siblings in one container): every one after the first skips its
 * style, layout and paint until it comes near the viewport, so a page with 50 server-rendered
 * stories lays out only the first before painting (it still parses all fifty). The first (or only)
 * story is never skipped: its size is real
 * from the first layout, whatever reads it. A skipped story counts as a screen tall until it has
 * rendered once (`auto` then remembers its real height); it is still in the accessibility tree,
 * found by find-in-page, and rendered for scrollIntoView and focus.
 */
export const renderingStyles = `
:host(:not(:first-of-type)) { content-visibility: auto; contain-intrinsic-block-size: auto 100vh; }
`;
