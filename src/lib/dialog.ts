/** Small DOM helpers of the download dialog. */

/** The element that really has focus, looking through open shadow roots (the host page's or ours). */
export function deepActiveElement(root: DocumentOrShadowRoot = document): HTMLElement | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** A point outside a box: a click on a modal dialog's backdrop (the dialog is the click's target). */
export function isOutside(rect: { left: number; right: number; top: number; bottom: number }, x: number, y: number): boolean {
  return x < rect.left || x > rect.right || y < rect.top || y > rect.bottom;
}
