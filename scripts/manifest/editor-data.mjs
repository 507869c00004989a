/**
 * Editor data made from the manifest at build time:
 *  - web-types.json, read by JetBrains IDEs (WebStorm, IntelliJ) through package.json `web-types`:
 *    completion and docs for the tag, its attributes, events, properties, parts and custom properties;
 *  - vscode.html-custom-data.json, VS Code's HTML custom data (`html.customData` setting): the tag
 *    and its attributes, with their docs, in HTML files.
 */
const md = (value) => ({ kind: 'markdown', value });

export function webTypes(api, pkg) {
  const docs = pkg.homepage?.replace(/#readme$/, '') ?? '';
  return {
    $schema: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    'js-types-syntax': 'typescript',
    contributions: {
      html: {
        elements: [
          {
            name: api.tagName,
            description: `${api.summary}\n\n${api.description}`,
            'doc-url': `${docs}#readme`,
            attributes: api.attributes.map((attribute) => ({
              name: attribute.name,
              description: attribute.description,
              'doc-url': `${docs}#attributes`,
              // A boolean attribute (defer-hydration) is written bare.
              value:
                attribute.type === 'boolean'
                  ? { kind: 'no-value' }
                  : { kind: 'plain', type: attribute.type, ...(attribute.default !== undefined ? { default: JSON.stringify(attribute.default) } : {}) },
            })),
            events: api.events.map((event) => ({ name: event.name, description: event.description, 'doc-url': `${docs}#events` })),
            js: {
              properties: api.attributes
                .filter((attribute) => attribute.field)
                .map((attribute) => ({ name: attribute.field, type: attribute.type, description: attribute.description })),
              events: api.events.map((event) => ({ name: event.name, type: event.type, description: event.description, 'doc-url': `${docs}#events` })),
            },
            css: {
              parts: api.cssParts.map((part) => ({ name: part.name, description: part.description })),
              properties: api.cssProperties.map((property) => ({
                name: property.name,
                description: property.default ? `${property.description} Default \`${property.default}\`.` : property.description,
              })),
            },
          },
        ],
      },
    },
  };
}

export function vscodeHtmlData(api, pkg) {
  const docs = pkg.homepage?.replace(/#readme$/, '') ?? '';
  const events = api.events.map((event) => `- \`${event.name}\`: ${event.description}`).join('\n');
  // VS Code's HTML data has no place for CSS custom properties or parts: the tag's hover lists them.
  const properties = api.cssProperties.map((property) => `- \`${property.name}\` (default \`${property.default}\`): ${property.description}`).join('\n');
  const parts = api.cssParts.map((part) => `- \`::part(${part.name})\`: ${part.description}`).join('\n');
  return {
    version: 1.1,
    tags: [
      {
        name: api.tagName,
        description: md(`${api.summary}\n\n${api.description}\n\nEvents:\n${events}\n\nCSS custom properties:\n${properties}\n\nParts:\n${parts}`),
        attributes: api.attributes.map((attribute) => ({
          name: attribute.name,
          ...(attribute.type === 'boolean' ? { valueSet: 'v' } : {}),
          description: md(
            attribute.default !== undefined ? `${attribute.description}\n\nDefault: \`${JSON.stringify(attribute.default)}\`` : attribute.description,
          ),
          references: [{ name: 'Attributes', url: `${docs}#attributes` }],
        })),
        references: [{ name: pkg.name, url: `${docs}#readme` }],
      },
    ],
  };
}
