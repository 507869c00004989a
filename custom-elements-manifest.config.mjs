import { parse } from 'comment-parser';

/**
 * `npx cem analyze` → custom-elements.json, from the JSDoc on the element in src/element.ts.
 *
 * The element class is built inside `createCaseStudyElement()` (it extends the class r2wc creates
 * at call time), so the analyzer sees a "mixin" and ignores the class-level tags. The plugin below
 * reads the tags from that function's JSDoc and turns the declaration into what a consumer sees:
 * the `RedcliffeCaseStudyElement` class, registered as `<redcliffe-case-study>` by the published
 * module dist/redcliffe-case-study.js (the only JavaScript consumers load; src/ is not published).
 */
const FACTORY = 'createCaseStudyElement';
const CLASS_NAME = 'RedcliffeCaseStudyElement';
const PUBLISHED_MODULE = 'dist/redcliffe-case-study.js';

/** Attribute → property, as src/element.ts reflects them. */
/** An attribute's property: its name in camelCase (`form-url` → `formUrl`), as src/element.ts declares both. */
const fieldOf = (attribute) => attribute.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

function caseStudyElementPlugin() {
  let tags = [];
  return {
    name: 'redcliffe-case-study-element',
    analyzePhase({ ts, node }) {
      if (ts.isFunctionDeclaration(node) && node.name?.getText() === FACTORY) {
        tags = node.jsDoc?.flatMap((doc) => parse(doc.getFullText()).flatMap((block) => block.tags)) ?? [];
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const source = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.name === FACTORY);
      if (!source) throw new Error(`custom-elements manifest: ${FACTORY} not found in src/element.ts`);

      const clean = (description) => description.replace(/^-\s*/, '').trim();
      const byTag = (...names) => tags.filter((tag) => names.includes(tag.tag));
      const tagName = byTag('tag', 'tagname', 'customElement')[0]?.name;
      if (!tagName) throw new Error('custom-elements manifest: no @tag on ' + FACTORY);

      const attributes = byTag('attr', 'attribute').map((tag) => tag.name);
      const members = (source.members ?? [])
        .filter((member) => member.privacy !== 'private' && member.privacy !== 'protected')
        // `this.shadowRoot!.adoptedStyleSheets = …` in the constructor is not a field of the element.
        .filter((member) => member.name !== 'adoptedStyleSheets')
        .map((member) => {
          const attribute = attributes.find((name) => fieldOf(name) === member.name);
          return attribute ? { ...member, attribute, reflects: true } : member;
        });
      for (const member of members) {
        if (member.name === 'version') Object.assign(member, { type: { text: 'string' }, default: undefined });
      }

      const declaration = {
        kind: 'class',
        description: source.description,
        summary: source.summary,
        name: CLASS_NAME,
        tagName,
        customElement: true,
        superclass: { name: 'HTMLElement' },
        members,
        attributes: byTag('attr', 'attribute').map((tag) => ({
          name: tag.name,
          type: { text: tag.type },
          ...(tag.default !== undefined ? { default: tag.default } : {}),
          description: clean(tag.description),
          fieldName: fieldOf(tag.name),
        })),
        events: byTag('fires', 'event').map((tag) => ({
          name: tag.name,
          type: { text: tag.type },
          description: clean(tag.description),
        })),
        cssParts: byTag('csspart', 'part').map((tag) => ({ name: tag.name, description: clean(tag.description) })),
        cssProperties: byTag('cssprop', 'cssproperty').map((tag) => ({
          name: tag.name,
          ...(tag.default !== undefined ? { default: tag.default } : {}),
          description: clean(tag.description),
        })),
        slots: [],
      };
      for (const attribute of declaration.attributes) {
        if (!attribute.fieldName) throw new Error(`custom-elements manifest: @attr ${attribute.name} has no property`);
      }

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
            { kind: 'custom-element-definition', name: tagName, declaration: { name: CLASS_NAME, module: PUBLISHED_MODULE } },
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
