// The analyzer's own reading of a class's JSDoc (@tag, @attr, @fires, @csspart, @cssprop, @summary).
import { classJsDocPlugin } from '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js';

/**
 * `npx cem analyze` → custom-elements.json, from src/element.ts.
 *
 * The attributes are the `props` of the element's `r2wc(App, { props })` call, its one declaration
 * of them: each prop is an attribute (named as r2wc names it, `formUrl` → `form-url`) of its r2wc
 * type, reflected by the property of the same name. What r2wc cannot describe (the tag, each
 * attribute's words and default, the events, parts and custom properties) is the JSDoc of
 * `createCaseStudyElement`, which the analyzer reads as it reads a class's: it sees that function as
 * a mixin (its class extends the one r2wc makes at call time) and would skip it. The result is the
 * class consumers get, registered by dist/redcliffe-case-study.js (src/ is not published).
 */
const FACTORY = 'createCaseStudyElement';
const CLASS_NAME = 'RedcliffeCaseStudyElement';
const PUBLISHED_MODULE = 'dist/redcliffe-case-study.js';

/** r2wc's attribute name for a prop. */
const attributeOf = (prop) => prop.replace(/([a-z0-9])([A-Z])/g, (_, before, letter) => `${before}-${letter.toLowerCase()}`);

function caseStudyElementPlugin() {
  const classJsDoc = classJsDocPlugin();
  let props = [];
  return {
    name: 'redcliffe-case-study-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isFunctionDeclaration(node) && node.name?.getText() === FACTORY) {
        classJsDoc.analyzePhase({ ts, moduleDoc, node: { kind: ts.SyntaxKind.ClassDeclaration, name: node.name, jsDoc: node.jsDoc } });
      }
      if (ts.isCallExpression(node) && node.expression.getText() === 'r2wc' && node.arguments[1] && ts.isObjectLiteralExpression(node.arguments[1])) {
        const literal = node.arguments[1].properties.find((property) => property.name?.getText() === 'props')?.initializer;
        props = literal?.properties.map((property) => ({ name: property.name.getText(), type: property.initializer.text })) ?? [];
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const source = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.name === FACTORY);
      if (!source?.tagName || !props.length) throw new Error(`custom-elements manifest: no ${FACTORY} with a @tag and r2wc props in src/element.ts`);
      const attributes = props.map(({ name, type }) => {
        const attribute = source.attributes?.find((candidate) => candidate.name === attributeOf(name));
        if (!attribute) throw new Error(`custom-elements manifest: r2wc prop ${name} has no @attr ${attributeOf(name)}`);
        return { ...attribute, type: { text: type }, fieldName: name };
      });
      const declaration = {
        ...source,
        kind: 'class',
        name: CLASS_NAME,
        superclass: { name: 'HTMLElement' },
        // The r2wc props first, then any attribute the element reads itself (no property).
        attributes: [...attributes, ...(source.attributes ?? []).filter((attribute) => !attributes.some(({ name }) => name === attribute.name))],
        // The properties are made from the attribute table at run time (src/element.ts), not written
        // as class members: each attribute's property is described here, after the static `version`.
        members: (source.members ?? [])
          .filter((member) => member.privacy !== 'private' && member.privacy !== 'protected')
          .map((member) => (member.name === 'version' ? { ...member, type: { text: 'string' }, default: undefined } : member))
          .flatMap((member) =>
            member.name === 'version'
              ? [
                  member,
                  ...attributes.map((attribute) => ({
                    kind: 'field',
                    name: attribute.fieldName,
                    type: attribute.type,
                    description: `The \`${attribute.name}\` attribute (setting null or undefined removes it). ${attribute.description ?? ''}`.trim(),
                    attribute: attribute.name,
                    reflects: true,
                  })),
                ]
              : [member],
          ),
        slots: [],
      };

      // Tools (Storybook, api-viewer, editors) show this file as the package's documentation.
      customElementsManifest.readme = 'README.md';
      customElementsManifest.modules = [
        {
          kind: 'javascript-module',
          path: PUBLISHED_MODULE,
          declarations: [declaration],
          exports: [
            { kind: 'js', name: 'TAG', declaration: { name: 'TAG', module: PUBLISHED_MODULE } },
            { kind: 'js', name: 'VERSION', declaration: { name: 'VERSION', module: PUBLISHED_MODULE } },
            { kind: 'custom-element-definition', name: source.tagName, declaration: { name: CLASS_NAME, module: PUBLISHED_MODULE } },
          ],
        },
      ];
    },
  };
}

export default {
  globs: ['src/element.ts'],
  outdir: '.',
  // The package.json `customElements` field is set once, by hand; the analyzer must not rewrite the file.
  packagejson: false,
  plugins: [caseStudyElementPlugin()],
};
