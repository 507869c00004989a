import { text } from '../../styles/type-scale.js';
// Below the trigger (never over the name and title above it) and hoverable: a transparent bridge
// (::before) spans the gap, so moving the pointer onto the tooltip never leaves it.
export const tooltipStyles = `
.tooltip { position: relative; display: inline-flex; }
.tooltip__bubble {
  position: absolute; top: calc(100% + .5em); left: 0; z-index: 2;
  padding: .4em .65em; border-radius: .4em; background: var(--rcs-ink); color: #fff;
  font-size: ${text.small}; font-weight: 700; white-space: nowrap;
}
.tooltip__bubble::before { content: ""; position: absolute; inset: -.75em 0 100%; }
.tooltip__bubble[hidden] { display: none; }
@media (forced-colors: active) { .tooltip__bubble { border: 1px solid CanvasText; } }
`;
