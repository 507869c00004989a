/**
 * src/attributes.generated.ts from the manifest: the attributes as the hand-written typings use them
 * (the DOM element's properties, the bare tag in React's JSX, `<RedcliffeCaseStudy>`'s props and the
 * prop → attribute map it renders with). Written before rollup (scripts/build-attribute-types.mjs),
 * so an attribute added to src/element.ts reaches every typing in the same build.
 */
import { doc, key, valueType } from './framework-types.mjs';

const withDefault = (attribute) =>
  attribute.default === undefined ? attribute.description : `${attribute.description} Default \`${JSON.stringify(attribute.default)}\`.`;

export function attributeTypes(api) {
  const properties = api.attributes.filter((attribute) => attribute.field);
  const html = api.attributes.map((attribute) => `${doc(withDefault(attribute), '  ')}  ${key(attribute.name)}?: ${valueType(attribute)};\n`).join('');
  const accessors = properties
    .map(
      (attribute) =>
        `${doc(`${withDefault(attribute)} Setting \`null\` removes the attribute.`, '  ')}  get ${attribute.field}(): ${attribute.type};\n  set ${attribute.field}(value: ${attribute.type} | null | undefined);\n`,
    )
    .join('');
  const props = api.attributes
    .map((attribute) => `${doc(`The \`${attribute.name}\` attribute. ${withDefault(attribute)}`, '  ')}  ${key(attribute.camel)}?: ${attribute.type};\n`)
    .join('');
  const map = api.attributes.map((attribute) => `  ${key(attribute.camel)}: '${attribute.name}',\n`).join('');
  return `// Generated from custom-elements.json (src/element.ts's r2wc props and JSDoc) by scripts/build-attribute-types.mjs,
// the first step of \`npm run build\`. Do not edit; commit it when the build changes it.

/** Attributes of \`<${api.tagName}>\` in HTML and JSX, by their HTML names. */
export interface RedcliffeCaseStudyAttributes {
${html}}

/** The element's properties that reflect an attribute. */
export interface RedcliffeCaseStudyProperties {
${accessors}}

/** The attributes as camel-cased React props of \`<RedcliffeCaseStudy>\`. */
export interface RedcliffeCaseStudyAttributeProps {
${props}}

/** Each prop of RedcliffeCaseStudyAttributeProps and the attribute it renders. */
export const ATTRIBUTE_OF_PROP = {
${map}} as const satisfies Record<keyof RedcliffeCaseStudyAttributeProps, keyof RedcliffeCaseStudyAttributes>;
`;
}
