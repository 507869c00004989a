/**
 * Template typings for Vue and Svelte 5 made from the manifest at build time, beside the
 * hand-written DOM and React typings in dist/types/. Each imports the element's own types
 * (index.d.ts) for the element class and the events' `detail`, so the manifest decides which
 * attributes and events exist and the TypeScript sources decide their types:
 *  - vue.d.ts adds the tag to Vue's `GlobalComponents` (attributes as props, events as emits, for
 *    vue-tsc in .vue templates);
 *  - svelte.d.ts adds it to `SvelteHTMLElements` (attributes, `oncase-study-*` event attributes).
 * A misspelt attribute or event, or a wrong `detail`, is then a type error in the template.
 */
const HEADER = '// Generated from custom-elements.json by scripts/build-from-manifest.mjs (npm run build).';

/**
 * The import clause naming a framework's own module: the typings import what the consumer's app has
 * installed (vue, svelte, preact, solid-js); this repository never imports those packages.
 */
const from = (module) => `from '${module}'`;

/** An attribute's value in markup: a boolean attribute is also written bare (`''`). */
export const valueType = (attribute) => (attribute.type === 'boolean' ? "boolean | ''" : attribute.type);

export const doc = (text, indent) => `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, `\n${indent} * `)} */\n`;
export const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

export function vueTypes(api) {
  const props = api.attributes.map((attribute) => `${doc(attribute.description, '  ')}  ${key(attribute.camel)}?: ${valueType(attribute)} | null;\n`).join('');
  const emits = api.events
    .map((event) => `${doc(event.description, '  ')}  ${key(event.name)}: (event: CaseStudyEventMap[${JSON.stringify(event.name)}]) => void;\n`)
    .join('');
  // Vue's JSX takes listeners as `on` + the camel-cased event name (it hyphenates them back).
  const pascal = (name) => name.replace(/(^|-)(\w)/g, (_, __, letter) => letter.toUpperCase());
  const listeners = api.events
    .map((event) => `${doc(event.description, '  ')}  on${pascal(event.name)}?: (event: CaseStudyEventMap[${JSON.stringify(event.name)}]) => void;\n`)
    .join('');
  return `${HEADER}
// In .vue templates (vue-tsc, Volar): \`<${api.tagName} base="…" @case-study-download="…">\` is typed,
// and in Vue's JSX (jsxImportSource "vue"): \`<${api.tagName} base="…" onCaseStudyDownload={…} />\`.
// Import this entry once (\`import 'redcliffe-case-study/vue'\`); it also registers the element.
import type { EmitFn, HTMLAttributes, PublicProps, ReservedProps } ${from('vue')};
import type { CaseStudyEventMap, ${api.className} } from './index.js';

export * from './index.js';

/** The attributes of <${api.tagName}> as Vue props (kebab-case in templates works too). */
export interface ${api.className}VueProps {
${props}}

/** The events of <${api.tagName}>, for \`@event-name\` listeners. */
export interface ${api.className}VueEvents {
${emits}}

/** The listeners of <${api.tagName}> as Vue JSX props. */
export interface ${api.className}VueListeners {
${listeners}}

declare module 'vue/jsx-runtime' {
  namespace JSX {
    interface IntrinsicElements {
      ${key(api.tagName)}: HTMLAttributes & ${api.className}VueProps & ${api.className}VueListeners & ReservedProps;
    }
  }
}

declare module 'vue' {
  interface GlobalComponents {
    ${key(api.tagName)}: new () => ${api.className} & {
      /** @deprecated For template type checking only; not a property of the element. */
      $props: HTMLAttributes & ${api.className}VueProps & PublicProps;
      /** @deprecated For template type checking only; not a method of the element. */
      $emit: EmitFn<${api.className}VueEvents>;
    };
  }
}
`;
}

export function svelteTypes(api) {
  const attributes = api.attributes
    .map((attribute) => `${doc(attribute.description, '  ')}  ${key(attribute.name)}?: ${valueType(attribute)} | null;\n`)
    .join('');
  const events = api.events
    .map(
      (event) =>
        `${doc(event.description, '  ')}  ${key(`on${event.name}`)}?: (event: CaseStudyEventMap[${JSON.stringify(event.name)}] & { currentTarget: Target }) => unknown;\n`,
    )
    .join('');
  return `${HEADER}
// In .svelte files (svelte-check, the Svelte language server), Svelte 5:
// \`<${api.tagName} base="…" oncase-study-download={(event) => …}>\` is typed, and so are the
// same event attributes on <svelte:document> and <svelte:window> (the events bubble to them).
// Import this entry once (\`import 'redcliffe-case-study/svelte'\`); it also registers the element.
import type { HTMLAttributes } ${from('svelte/elements')};
import type { CaseStudyEventMap, ${api.className} } from './index.js';

export * from './index.js';

/** The element's events as Svelte 5 event attributes, on a target that hears them. */
export interface CaseStudySvelteEventAttributes<Target extends EventTarget> {
${events}}

/** The attributes and event attributes of <${api.tagName}> in Svelte 5 markup. */
export interface ${api.className}SvelteAttributes
  extends HTMLAttributes<${api.className}>,
    CaseStudySvelteEventAttributes<${api.className}> {
${attributes}}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    ${key(api.tagName)}: ${api.className}SvelteAttributes;
  }
  interface SvelteDocumentAttributes extends CaseStudySvelteEventAttributes<Document> {}
  interface SvelteWindowAttributes extends CaseStudySvelteEventAttributes<Window> {}
}
`;
}

/** Attribute props (with the HTML names) and `on` + event-name props, for JSX flavours that take both. */
function jsxMembers(api, eventKey, target) {
  const attributes = api.attributes
    .map((attribute) => `${doc(attribute.description, '  ')}  ${key(attribute.name)}?: ${valueType(attribute)} | null;\n`)
    .join('');
  const events = api.events
    .map(
      (event) =>
        `${doc(event.description, '  ')}  ${key(eventKey(event.name))}?: (event: CaseStudyEventMap[${JSON.stringify(event.name)}] & { currentTarget: ${target} }) => void;\n`,
    )
    .join('');
  return attributes + events;
}

export function preactTypes(api) {
  return `${HEADER}
// In Preact's JSX (tsc, jsxImportSource "preact"): \`<${api.tagName} base="…" oncase-study-download={(event) => …} />\`
// is typed (Preact listens to \`on\` + the exact event name). Import this entry once
// (\`import 'redcliffe-case-study/preact'\`); it also registers the element.
import type { HTMLAttributes } ${from('preact')};
import type { CaseStudyEventMap, ${api.className} } from './index.js';

export * from './index.js';

/** The attributes and event props of <${api.tagName}> in Preact's JSX. */
export interface ${api.className}PreactProps extends HTMLAttributes<${api.className}> {
${jsxMembers(api, (name) => `on${name}`, api.className)}}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      ${key(api.tagName)}: ${api.className}PreactProps;
    }
  }
}
`;
}

export function solidTypes(api) {
  const customEvents = api.events
    .map((event) => `${doc(event.description, '      ')}      ${key(event.name)}: CaseStudyEventMap[${JSON.stringify(event.name)}];\n`)
    .join('');
  const attributes = api.attributes
    .map((attribute) => `${doc(attribute.description, '  ')}  ${key(attribute.name)}?: ${valueType(attribute)} | null;\n`)
    .join('');
  return `${HEADER}
// In Solid's JSX (tsc, jsxImportSource "solid-js"): \`<${api.tagName} base="…" on:case-study-download={(event) => …} />\`
// is typed; the events are Solid \`CustomEvents\`, so \`on:case-study-*\` is typed on any element
// (they bubble). Import this entry once (\`import 'redcliffe-case-study/solid'\`); it also registers the element.
import type { JSX } ${from('solid-js')};
import type { CaseStudyEventMap, ${api.className} } from './index.js';

export * from './index.js';

/** The attributes of <${api.tagName}> in Solid's JSX. */
export interface ${api.className}SolidAttributes extends JSX.HTMLAttributes<${api.className}> {
${attributes}}

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      ${key(api.tagName)}: ${api.className}SolidAttributes;
    }
    interface CustomEvents {
${customEvents}    }
  }
}
`;
}
