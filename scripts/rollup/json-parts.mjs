/**
 * JSON modules for rollup, each top-level field a module of its own. The default story
 * (src/shared/story/stories/redcliffe-labs.json) is imported field by field where it is shown:
 * `import { hero } from '…/redcliffe-labs.json'` in the hero, `{ testimonial }` in the lazy
 * section below it. Rollup places whole modules in chunks, so one module for the file would put
 * every word of the story in the first download; a module per field lets each land in the chunk
 * that shows it (or in the core when two lazy chunks show it, by the core chunk's rule).
 * The file itself becomes re-exports of its fields (and a default export of the whole, for code that wants it).
 */
import { readFileSync } from 'node:fs';

const PART = '\0json-part:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function jsonParts() {
  return {
    name: 'json-parts',
    transform(code, id) {
      if (!id.endsWith('.json') || id.startsWith('\0')) return null;
      const value = JSON.parse(code);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return { code: `export default ${code};`, map: null };
      const keys = Object.keys(value).filter((key) => IDENTIFIER.test(key));
      const part = (key) => JSON.stringify(`${PART}${id}#${key}`);
      const lines = keys.map((key) => `export { default as ${key} } from ${part(key)};`);
      lines.push(`export { default } from ${JSON.stringify(`${PART}${id}#`)};`);
      return { code: lines.join('\n'), map: null, moduleSideEffects: false };
    },
    resolveId(source) {
      return source.startsWith(PART) ? { id: source, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(PART)) return null;
      const hash = id.lastIndexOf('#');
      const file = id.slice(PART.length, hash);
      const key = id.slice(hash + 1);
      this.addWatchFile(file);
      const value = JSON.parse(readFileSync(file, 'utf8'));
      return { code: `export default ${JSON.stringify(key ? value[key] : value)};`, map: null };
    },
  };
}
