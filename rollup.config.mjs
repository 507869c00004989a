import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/**
 * One self-contained ES module with React inside (dist/redcliffe-case-study.js) plus lazy chunks
 * beside it, imported by relative path so they load from wherever the main file was served.
 * dist/react.js is the `redcliffe-case-study/react` entry, built by its own config (reactConfig below).
 *
 * Source maps are written for local debugging but not linked (`hidden`) and not published:
 * the main map is over 1 MB, and a `sourceMappingURL` to a file the CDN does not have would 404.
 */

/** Declaration entry points; every other .d.ts is published only if one of these reaches it. */
const PUBLIC_DECLARATIONS = ['types/index.d.ts', 'types/react.d.ts'];

/**
 * Old hashed chunks and declarations must not survive into `npm pack` or the size report.
 * Removed only once the new bundle is ready to be written, so a failed build leaves dist/ as it was.
 */
function cleanOutputs() {
  return {
    name: 'clean-outputs',
    async generateBundle({ dir }) {
      await Promise.all(
        ['chunks', 'types', 'redcliffe-case-study.js', 'redcliffe-case-study.js.map', 'react.js', 'react.js.map'].map((path) =>
          rm(join(dir, path), { recursive: true, force: true }),
        ),
      );
    },
  };
}

/** Drops the declarations of internals (components, styles) that no public declaration imports. */
function pruneDeclarations() {
  const importRe = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return {
    name: 'prune-declarations',
    generateBundle(_options, bundle) {
      const reached = new Set();
      const queue = [...PUBLIC_DECLARATIONS];
      while (queue.length) {
        const file = queue.pop();
        if (reached.has(file)) continue;
        const asset = bundle[file];
        if (!asset) this.error(`public declaration ${file} was not emitted`);
        reached.add(file);
        for (const [, spec] of String(asset.source).matchAll(importRe)) {
          const target = new URL(spec.replace(/\.js$/, '.d.ts'), `file:///${file}`).pathname.slice(1);
          queue.push(target);
        }
      }
      for (const name of Object.keys(bundle)) {
        if (name.startsWith('types/') && !reached.has(name)) delete bundle[name];
      }
    },
  };
}

const mainConfig = {
  input: { 'redcliffe-case-study': 'src/index.ts' },
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: 'hidden',
  },
  plugins: [
    cleanOutputs(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true }),
    commonjs(),
    // Type errors fail the build (the plugin only warns by default).
    typescript({ tsconfig: './tsconfig.json', noEmitOnError: true }),
    terser({ format: { comments: false }, compress: { passes: 2 } }),
    pruneDeclarations(),
  ],
};

/**
 * dist/react.js, the runtime half of `redcliffe-case-study/react` (src/react.ts): the
 * `<RedcliffeCaseStudy>` component. `react` stays external (the host app's own React 18 or 19 is
 * used, never a copy) and src/index.ts becomes an import of `./redcliffe-case-study.js`, so the
 * element is registered by the one main file. Marked `'use client'` for React Server Components
 * (hooks and effects). Not minified: it is small, and readable in a host app's devtools.
 * Built after mainConfig (whose cleanOutputs removes the old react.js); declarations come from
 * mainConfig's TypeScript pass, which covers all of src/.
 */
const MAIN_ENTRY = fileURLToPath(new URL('src/index.ts', import.meta.url));
const reactConfig = {
  input: { react: 'src/react.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', banner: "'use client';", sourcemap: 'hidden' },
  plugins: [
    {
      name: 'main-entry-external',
      async resolveId(source, importer, options) {
        if (source === 'react' || source.startsWith('react/')) return { id: source, external: true };
        if (!importer || !source.startsWith('.')) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved?.id === MAIN_ENTRY ? { id: './redcliffe-case-study.js', external: 'absolute' } : resolved;
      },
    },
    typescript({ tsconfig: './tsconfig.json', noEmitOnError: true, declaration: false, declarationDir: undefined }),
  ],
};

export default [mainConfig, reactConfig];
