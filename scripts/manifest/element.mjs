/**
 * The element's public API as the generators below need it, read from custom-elements.json (the
 * one description of the element, generated from its JSDoc in src/element.ts).
 */
export function elementApi(manifest) {
  const declaration = manifest.modules.flatMap((module) => module.declarations ?? []).find((item) => item.customElement);
  if (!declaration) throw new Error('custom-elements.json declares no custom element');
  const text = (value) => String(value ?? '').trim();
  return {
    tagName: declaration.tagName,
    className: declaration.name,
    summary: text(declaration.summary),
    description: text(declaration.description),
    attributes: declaration.attributes.map((attribute) => ({
      name: attribute.name,
      // undefined for an attribute the element reads itself, with no property (defer-hydration).
      field: attribute.fieldName,
      /** The name a camel-casing framework (Vue props, React props) gives it. */
      camel: attribute.fieldName ?? attribute.name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()),
      type: attribute.type?.text ?? 'string',
      // The manifest keeps JSDoc's quoted default ("\"/x\""); editors show the plain value.
      default: attribute.default === undefined ? undefined : attribute.default.replace(/^"(.*)"$/, '$1'),
      description: text(attribute.description),
    })),
    events: declaration.events.map((event) => ({ name: event.name, type: event.type?.text, description: text(event.description) })),
    methods: declaration.members
      .filter((member) => member.kind === 'method' && !member.static)
      .map((member) => ({ name: member.name, description: text(member.description) })),
    cssParts: (declaration.cssParts ?? []).map((part) => ({ name: part.name, description: text(part.description) })),
    cssProperties: (declaration.cssProperties ?? []).map((property) => ({
      name: property.name,
      default: property.default,
      description: text(property.description),
    })),
  };
}
