/**
 * The element's attributes are the r2wc props of `createCaseStudyElement` (src/element.ts), its one
 * table of them: r2wc names each prop's attribute (`formUrl` → `form-url`) and lists them as the
 * class's `observedAttributes`, which the element's properties and the renderer read back, so no
 * second table ships in the first download.
 */

/** The prop an attribute carries (r2wc's rule, reversed): `form-url` → `formUrl`. */
export const propOf = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The element's attribute names (r2wc's `observedAttributes`). */
export const attributesOf = (element: Element): readonly string[] =>
  (element.constructor as { observedAttributes?: readonly string[] }).observedAttributes ?? [];

/** The boolean attributes: on when present, whatever their value (HTML's rule). */
export const BOOLEAN_ATTRIBUTES: readonly string[] = ['pdf-on-failure', 'count-views', 'no-analytics'];
