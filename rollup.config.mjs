import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import license from 'rollup-plugin-license';
import MagicString from 'magic-string';
import { minifyCssLiterals } from './scripts/minify-css-literals.mjs';
import { reachableDeclarations } from './scripts/reachable-declarations.mjs';
import { withInputsRecorded } from './scripts/rollup/inputs.mjs';
import { jsonParts } from './scripts/rollup/json-parts.mjs';
import { packagedFileUrls } from './scripts/rollup/packaged-file-urls.mjs';
import { ssrConfig } from './scripts/rollup/ssr.config.mjs';
import { thirdPartyNotices } from './scripts/third-party-notices.mjs';

/**
 * dist/redcliffe-case-study.js is a small entry that statically imports one shared core chunk,
 * dist/chunks/core-[hash].js (React, the element, the hero), and the lazy chunks beside it import
 * that core by relative path too. Whatever URL the page gives the entry (`?ver=6.4.2` from
 * WordPress, a `#hash`, another origin), every chunk resolves the core to the same query-less URL,
 * so one React and one element definition run. (When the chunks imported the entry itself, a query
 * on the script URL made the browser load the entry a second time, with a second React.)
 * dist/react.js is the `redcliffe-case-study/react` entry, built by its own config (reactConfig below).
 *
 * Source maps are linked and published (a .js.map beside each file), so DevTools on a CDN page shows sources.
 * dist/THIRD_PARTY_LICENSES.txt carries the licence of every bundled package (MIT requires it);
 * each file starts with a banner pointing at it.
 */

/** Declaration entry points; every other .d.ts is published only if one of these reaches it. */
const PUBLIC_DECLARATIONS = ['types/index.d.ts', 'types/react.d.ts', 'types/ssr.d.ts'];

/**
 * Old hashed chunks and declarations must not survive into `npm pack` or the size report.
 * Removed only once the new bundle is ready to be written, so a failed build leaves dist/ as it was.
 */
function cleanOutputs() {
  return {
    name: 'clean-outputs',
    async generateBundle({ dir }) {
      await Promise.all(
        [
          'chunks',
          'types',
          'THIRD_PARTY_LICENSES.txt',
          'redcliffe-case-study.js',
          'redcliffe-case-study.js.map',
          'react.js',
          'react.js.map',
          'after-paint.js',
          'after-paint.js.map',
          'react-app',
          'react-app.js',
          'react-app.js.map',
        ].map((path) => rm(join(dir, path), { recursive: true, force: true })),
      );
    },
  };
}

/** Drops the declarations of internals (components, styles) that no public declaration imports. */
function pruneDeclarations() {
  return {
    name: 'prune-declarations',
    generateBundle(_options, bundle) {
      const reached = reachableDeclarations(PUBLIC_DECLARATIONS, (file) => (bundle[file] ? String(bundle[file].source) : undefined));
      for (const name of Object.keys(bundle)) {
        if (name.startsWith('types/') && !reached.has(name)) delete bundle[name];
      }
    },
  };
}

/**
 * Every module the entry reaches by static imports goes into the `core` chunk, which leaves the
 * entry a facade (`import './chunks/core-….js'` + re-exports). Modules reached only through
 * import() keep their own lazy chunks, except those two lazy chunks share: they go into the core
 * too, so a lazy chunk imports nothing but the core, which has already run (a shared chunk that
 * failed to load would stay failed, and every lazy chunk importing it with it: retryableImports).
 */
function coreChunk() {
  let core;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!core) {
      const closure = (roots, stop = new Set()) => {
        const seen = new Set();
        const queue = [...roots];
        while (queue.length) {
          const next = queue.pop();
          if (seen.has(next) || stop.has(next)) continue;
          seen.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...getModuleIds()];
      core = closure(ids.filter((moduleId) => getModuleInfo(moduleId)?.isEntry));
      const lazyRoots = new Set(ids.flatMap((moduleId) => getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []));
      const reachedBy = new Map();
      for (const root of lazyRoots) {
        for (const moduleId of closure([root], core)) reachedBy.set(moduleId, (reachedBy.get(moduleId) ?? 0) + 1);
      }
      for (const [moduleId, count] of reachedBy) if (count > 1 && !lazyRoots.has(moduleId)) core.add(moduleId);
    }
    return core.has(id) ? 'core' : undefined;
  };
}

/**
 * A chunk loader is written `(_retryQuery) => import('./Chunk.js')` (src/lib/preload.ts). It is
 * rendered as `(_retryQuery ? import(import.meta.resolve('./Chunk-[hash].js') + _retryQuery) :
 * import('./Chunk-[hash].js'))`, so an attempt after a failure fetches `Chunk-[hash].js?retry=N`
 * (a browser never fetches a module URL that failed once again). The first attempt stays a plain
 * string import, which is what a host app's bundler (Vite, esbuild, webpack) follows to bundle the
 * chunk; the retry is a call it cannot read as a file pattern (`'./Chunk.js' + query` made esbuild
 * pull in every `Chunk.js*` file, source maps included).
 * The build fails if a lazy import() is not written that way, or if a lazy chunk imports anything
 * but the core, since a static import can't carry the query and a failed one would stay failed.
 */
function retryableImports() {
  const QUERY = '_retryQuery';
  const loaderRe = /\(\s*_retryQuery\s*\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  const loaders = new Map(); // importer id -> specifiers written as loaders
  return {
    name: 'retryable-imports',
    transform(code, id) {
      if (!code.includes('import(') || id.includes('node_modules')) return null;
      loaders.set(id, new Set([...code.matchAll(loaderRe)].map(([, specifier]) => specifier)));
      return null;
    },
    renderDynamicImport({ moduleId, targetModuleId }) {
      if (!targetModuleId) return null;
      const relative = [...(loaders.get(moduleId) ?? [])];
      if (!relative.length) this.error(`${moduleId}: a lazy import() must be a chunk loader, (${QUERY}) => import('./Chunk.js')`);
      return { left: 'import(', right: ` + ${QUERY})` };
    },
    renderChunk(code) {
      const rendered = new RegExp(`import\\((['"])(\\.\\/[^'"]+\\.js)\\1 \\+ ${QUERY}\\)`, 'g');
      const matches = [...code.matchAll(rendered)];
      if (matches.length === 0) return null;
      const out = new MagicString(code);
      for (const match of matches) {
        const [whole, quote, path] = match;
        const literal = `${quote}${path}${quote}`;
        out.overwrite(match.index, match.index + whole.length, `(${QUERY} ? import(import.meta.resolve(${literal}) + ${QUERY}) : import(${literal}))`);
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
        const others = chunk.imports.filter((file) => !file.startsWith('chunks/core-'));
        if (others.length) this.error(`lazy chunk ${chunk.fileName} imports ${others.join(', ')}: only the core may be imported statically`);
      }
    },
  };
}

/**
 * wouter reaches React's useSyncExternalStore through the `use-sync-external-store` shim, a
 * fallback for React 17 that ends in `React.useSyncExternalStore` on React 18 and later. The element
 * bundles React 19 (or uses the app's React 19), so the shim's fallback never runs: importing the
 * hook from React itself drops it from the first download.
 */
function reactSyncExternalStore() {
  const SHIM = /^use-sync-external-store\/shim(\/index\.js)?$/;
  const VIRTUAL = '\0react-use-sync-external-store';
  return {
    name: 'react-use-sync-external-store',
    resolveId: (source) => (SHIM.test(source) ? VIRTUAL : null),
    load: (id) => (id === VIRTUAL ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * An entry that only re-exports the core chunk has no source of its own, and its map lists none.
 * Such a map is useless to a debugger, and Lighthouse (when a host page is audited) fails to parse
 * one with a stack trace on stderr: that file ships without a map, and without the comment naming one.
 */
function dropEmptySourceMaps() {
  return {
    name: 'drop-empty-source-maps',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.map || chunk.map.sources.length) continue;
        delete bundle[`${chunk.fileName}.map`];
        chunk.code = chunk.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
        chunk.map = null;
      }
    },
  };
}

/** Packages whose npm tarball has no licence file: the text comes from licenses/ (see its README). */
const LICENSE_TEXTS = {
  '@r2wc/core': 'licenses/r2wc.LICENSE',
  wouter: 'licenses/wouter.LICENSE',
};

/** dist/THIRD_PARTY_LICENSES.txt: the licence text of each bundled package. */
function elementNotices(dependencies) {
  const packages = dependencies.map((dependency) => {
    const text = dependency.licenseText?.trim() || (LICENSE_TEXTS[dependency.name] && readFileSync(LICENSE_TEXTS[dependency.name], 'utf8'));
    if (!text) throw new Error(`rollup: ${dependency.name} is bundled but has no licence text; add it to licenses/ and LICENSE_TEXTS`);
    return { ...dependency, text };
  });
  return thirdPartyNotices('redcliffe-case-study bundles the following packages into dist/redcliffe-case-study.js and dist/chunks/.', packages);
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

/**
 * V8's explicit compile hint: the functions of a file that starts with this comment are compiled
 * while it streams in, off the main thread, instead of one by one on the main thread the first time
 * each is called. Without it the client render of the first screen spent half its task (some 250
 * functions, 50 ms at 4x CPU) compiling React's, and evaluation and hydration more
 * (docs/performance.md). Only the core: it is the code every page runs at once.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const mainConfig = {
  input: { 'redcliffe-case-study': 'src/index.ts' },
  preserveEntrySignatures: 'strict',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: coreChunk(),
    sourcemap: true,
    // Kept by terser (`/*!`): on the entry, and on every chunk that holds bundled packages' code
    // (short: it is downloaded with the first paint's script). The core's first line is V8's
    // compile hint (COMPILE_HINT).
    banner: (chunk) =>
      [
        chunk.name === 'core' && COMPILE_HINT,
        (chunk.isEntry || Object.keys(chunk.modules).some((id) => id.includes('node_modules'))) &&
          `/*! redcliffe-case-study ${version} (MIT). Bundled packages' licences: dist/THIRD_PARTY_LICENSES.txt */`,
      ]
        .filter(Boolean)
        .join('\n'),
  },
  plugins: [
    cleanOutputs(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    reactSyncExternalStore(),
    nodeResolve({ browser: true }),
    // React's CommonJS files become top-level code of the core chunk, not functions called at its
    // start: the browser then compiles them with the rest of the file (off the main thread while it
    // streams in) instead of parsing a 200 kB function body on the main thread during evaluation.
    // Their development branches are still dropped (`process.env.NODE_ENV` is replaced above).
    commonjs({ strictRequires: false }),
    minifyCssLiterals(),
    // Type errors fail the build (the plugin only warns by default).
    typescript({ tsconfig: './tsconfig.json', noEmitOnError: true }),
    jsonParts(),
    retryableImports(),
    packagedFileUrls(),
    // Terser's workers get the options as text: a RegExp, not a function.
    terser({ format: { comments: new RegExp(`^!|^${COMPILE_HINT.slice(2)}$`) }, compress: { passes: 2 } }),
    license({ thirdParty: { output: { file: 'dist/THIRD_PARTY_LICENSES.txt', template: elementNotices } } }),
    pruneDeclarations(),
    dropEmptySourceMaps(),
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

/**
 * For entries built beside the main file: src/index.ts becomes `./redcliffe-case-study.js` (or
 * `mainFile`), and `react` stays the app's.
 */
function mainEntryExternal({ react, mainFile = './redcliffe-case-study.js' }) {
  return {
    name: 'main-entry-external',
    async resolveId(source, importer, options) {
      if (react && (source === 'react' || source.startsWith('react/'))) return { id: source, external: true };
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === MAIN_ENTRY ? { id: mainFile, external: 'absolute' } : resolved;
    },
  };
}
const reactConfig = {
  input: { react: 'src/react.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', banner: "'use client';", sourcemap: 'hidden' },
  plugins: [
    mainEntryExternal({ react: true }),
    typescript({ tsconfig: './tsconfig.json', noEmitOnError: true, declaration: false, declarationDir: undefined }),
    jsonParts(),
  ],
};

/**
 * dist/react-app/ (`redcliffe-case-study/react-app`, through dist/react-app.js): the element built
 * for React apps that bundle it, rendered by the app's own React 19 instead of a copy of its own.
 * `react`, `react-dom` and `scheduler` stay bare imports for the app's bundler to resolve, so a
 * React host ships React once. The same entry/core/lazy chunk layout as the main build; the CDN
 * and CMS files (dist/redcliffe-case-study.js and dist/chunks/) are unchanged and keep their React.
 */
const APP_REACT_PACKAGES = /^(react|react-dom|scheduler)(\/|$)/;

/** Marks dist/react-app/ as the build on the app's React (src/build-flavour.ts), so loading both builds warns by name. */
function reactAppFlavour() {
  return {
    name: 'react-app-flavour',
    transform(code, id) {
      if (!id.endsWith('/src/build-flavour.ts')) return null;
      const marked = code.replace(/= (['"])standalone\1;/, "= 'react-app';");
      if (marked === code) this.error("src/build-flavour.ts no longer reads `= 'standalone';`");
      return { code: marked, map: null };
    },
  };
}
const appReactConfig = {
  input: { 'redcliffe-case-study': 'src/index.ts' },
  preserveEntrySignatures: 'strict',
  external: (id) => APP_REACT_PACKAGES.test(id),
  output: {
    dir: 'dist/react-app',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: coreChunk(),
    sourcemap: true,
    banner: (chunk) =>
      chunk.isEntry || Object.keys(chunk.modules).some((id) => id.includes('node_modules'))
        ? `/*! redcliffe-case-study ${version} (MIT), for the app's React 19. Bundles other packages: their licences and notices are in the package's dist/THIRD_PARTY_LICENSES.txt */`
        : '',
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    reactSyncExternalStore(),
    nodeResolve({ browser: true }),
    commonjs(),
    minifyCssLiterals(),
    // Type-checked by mainConfig (the same sources); here only transpiled.
    typescript({ tsconfig: './tsconfig.json', noCheck: true, declaration: false, declarationDir: undefined, outDir: 'dist/react-app' }),
    jsonParts(),
    // After TypeScript, which compiles from the files on disk, not from earlier transforms.
    reactAppFlavour(),
    packagedFileUrls(),
    terser({ format: { comments: /^!/ }, compress: { passes: 2 } }),
    dropEmptySourceMaps(),
  ],
};

/** dist/react-app.js: `<RedcliffeCaseStudy>` (src/react.ts) registering the element of dist/react-app/. */
const reactAppConfig = {
  input: { 'react-app': 'src/react.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', banner: "'use client';", sourcemap: 'hidden' },
  plugins: [
    mainEntryExternal({ react: true, mainFile: './react-app/redcliffe-case-study.js' }),
    typescript({ tsconfig: './tsconfig.json', noCheck: true, declaration: false, declarationDir: undefined }),
    jsonParts(),
  ],
};

export default [mainConfig, reactConfig, ssrConfig, appReactConfig, reactAppConfig].map(withInputsRecorded);
