export const tooltipStyles = `
.tooltip { position: relative; display: inline-flex; }
.tooltip__bubble {
  position: absolute; bottom: calc(100% + .5em); left: 50%; translate: -50% 0; z-index: 2;
  padding: .4em .65em; border-radius: .4em; background: var(--rcs-ink); color: #fff;
  font-size: .8em; font-weight: 500; white-space: nowrap; pointer-events: none;
}
.tooltip__bubble[hidden] { display: none; }
`;
