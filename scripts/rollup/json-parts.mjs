/**
 * JSON modules for rollup, each top-level field a module of its own. The default story
 * (src/shared/story/stories/redcliffe-labs.json) is imported field by field where it is shown:
 * `import { hero } from '…/redcliffe-labs.json'` in the hero, `{ testimonial }` in the lazy
 * section below it. Rollup places whole modules in chunks, so one module for the file would put
 * every word of the story in the first download; here each named import becomes an import of
 * that field's own module, which lands in the chunk that shows it. Each importing module gets its own copy of
 * a field (a few hundred bytes of text, compressed with its chunk): a field two lazy chunks show
 * (the section titles) is then in each of them rather than in the core, by the core chunk's rule
 * for shared modules. A default import gets the whole file.
 * Runs after TypeScript (it reads the import declarations of the compiled JavaScript).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MagicString from 'magic-string';

const PART = '\0json-part:';

export function jsonParts() {
  return {
    name: 'json-parts',
    transform(code, id) {
      if (id.endsWith('.json') && !id.startsWith('\0')) {
        JSON.parse(code); // a broken file fails the build here, naming it
        return { code: `export default ${code};`, map: null };
      }
      if (id.startsWith('\0') || id.includes('node_modules') || !code.includes('.json')) return null;
      const out = new MagicString(code);
      for (const node of this.parse(code).body) {
        if (node.type !== 'ImportDeclaration' || !String(node.source.value).endsWith('.json')) continue;
        if (!node.specifiers.every((specifier) => specifier.type === 'ImportSpecifier')) continue;
        const file = resolve(dirname(id), String(node.source.value));
        const imports = node.specifiers.map(
          (specifier) => `import ${specifier.local.name} from ${JSON.stringify(`${PART}${file}#${specifier.imported.name}@${id}`)};`,
        );
        out.overwrite(node.start, node.end, imports.join(' '));
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
    resolveId(source) {
      return source.startsWith(PART) ? { id: source, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(PART)) return null;
      const [, file, key] = /^(.*)#([^#@]+)@/.exec(id.slice(PART.length));
      this.addWatchFile(file);
      const value = JSON.parse(readFileSync(file, 'utf8'))[key];
      if (value === undefined) this.error(`${file} has no field "${key}"`);
      return { code: `export default ${JSON.stringify(value)};`, map: null };
    },
  };
}
