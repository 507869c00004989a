#!/usr/bin/env node
/**
 * Builds `redcliffe-case-study/server` into dist/server/ (part of `npm run build`):
 *  - esbuild bundles server/index.ts and server/cli.ts (with src/shared/, the one lead contract,
 *    inlined) into dist/server/index.js and dist/server/cli.js. The server's packages (hono,
 *    @hono/node-server, @noble/hashes, ipaddr.js, csv-stringify, rate-limiter-flexible, altcha-lib) are bundled
 *    in, so the package has no runtime dependencies and a browser-only install pulls none of them.
 *    Only the database drivers (pg, better-sqlite3) and PDFKit (for `story pdf` and STORIES_DIR's PDFs),
 *    optional peers, stay external. Code reached only
 *    by a dynamic import() (the stores, CSV, rate limits, @hono/node-server for toNodeListener) lands in dist/server/chunks/, so importing
 *    the entry loads no Node built-in and no driver.
 *  - dist/server/THIRD_PARTY_LICENSES.txt: the licence text of every package bundled in.
 *  - dist/server/fonts/: the fonts a story's one-page PDF embeds (src/shared/pdf/one-pager.ts's
 *    FONT_FILES, from @fontsource/inter, with their licence), which the built server passes as `fontsDir`.
 *  - tsc type-checks and writes the declarations to dist/server/types/; those that the public
 *    entry's declaration does not reach (the CLI's, `serve`'s, which name bundled packages a
 *    consumer does not have) are removed.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachableDeclarations } from './reachable-declarations.mjs';
import { thirdPartyNotices } from './third-party-notices.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'server');
const esbuild = await import(path.join(root, 'node_modules/esbuild/lib/main.js'));
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
const built = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { index: 'server/index.ts', cli: 'server/cli.ts' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['pg', 'better-sqlite3', 'pdfkit'],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
  plugins: [namedExportsOfCommonJs(['rate-limiter-flexible'])],
  banner: {
    // rate-limiter-flexible is CommonJS and require()s Node built-ins (cluster, crypto) when its
    // chunk loads; an ES module has no `require`. This one reads the built-in only when called, so
    // importing the entry still loads nothing of Node's (process.getBuiltinModule: Node >= 20.16).
    js: `/*! redcliffe-case-study ${version} (MIT). Bundles other packages: their licences are in dist/server/THIRD_PARTY_LICENSES.txt */\nconst require = (id) => globalThis.process.getBuiltinModule(id);`,
  },
});
const inputs = Object.keys(built.metafile.inputs);
// What the build read, so `npm start` (demo/ensure-built.mjs) rebuilds when any of it changes.
writeFileSync(path.join(out, 'inputs.json'), `${JSON.stringify(inputs.filter((file) => !file.startsWith('node_modules/')))}\n`);
chmodSync(path.join(out, 'cli.js'), 0o755);
writeFileSync(path.join(out, 'THIRD_PARTY_LICENSES.txt'), serverNotices(inputs));
copyPdfFonts(path.join(out, 'fonts'));

const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'server/tsconfig.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const types = path.join(out, 'types');
const readDeclaration = (file) => {
  try {
    return readFileSync(path.join(types, file), 'utf8');
  } catch {
    return undefined;
  }
};
const published = reachableDeclarations(['server/index.d.ts'], readDeclaration);
for (const file of readdirSync(types, { recursive: true }).map(String)) {
  if (file.endsWith('.d.ts') && !published.has(file.split(path.sep).join('/'))) rmSync(path.join(types, file));
}

/**
 * Node gives `await import('<a CommonJS package>')` its named exports; esbuild, importing it into a
 * chunk of its own, gives only `default`. This wraps the package in an ES module that names its
 * exports, so `const { RateLimiterMemory } = await import('rate-limiter-flexible')` works bundled too.
 */
function namedExportsOfCommonJs(packages) {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  return {
    name: 'named-exports-of-commonjs',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.kind === 'dynamic-import' && packages.includes(args.path) ? { path: args.path, namespace: 'commonjs-named' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'commonjs-named' }, (args) => {
        const names = Object.keys(requireFromRoot(args.path)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
        const specifier = JSON.stringify(args.path);
        return {
          contents: `import module from ${specifier};\nexport const { ${names.join(', ')} } = module;\nexport default module;\n`,
          resolveDir: root,
          loader: 'js',
        };
      });
    },
  };
}

/** The licence of each package the bundle took code from (its npm package's licence file). */
function serverNotices(files) {
  const packageDirs = new Set(files.map((file) => file.match(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\//)?.[0]).filter(Boolean));
  const packages = [...packageDirs].map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(path.join(root, dir)).find((name) => /^licen[sc]e(\.md|\.txt)?$/i.test(name));
    if (!licenceFile) throw new Error(`build-server: ${manifest.name} is bundled but ships no licence file`);
    return { ...manifest, text: readFileSync(path.join(root, dir, licenceFile), 'utf8') };
  });
  return thirdPartyNotices('redcliffe-case-study bundles the following packages into dist/server/.', packages);
}

/** The one-pager's fonts and their licence, from @fontsource/inter (the names one-pager.ts's FONT_FILES gives). */
function copyPdfFonts(dir) {
  const fontsource = path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json'));
  const source = readFileSync(path.join(root, 'src/shared/pdf/one-pager.ts'), 'utf8');
  const files = [...source.matchAll(/'(inter-[a-z0-9-]+\.woff)'/g)].map((match) => match[1]);
  if (files.length !== 3) throw new Error('build-server: src/shared/pdf/one-pager.ts no longer names its three font files as FONT_FILES');
  mkdirSync(dir, { recursive: true });
  for (const file of files) copyFileSync(path.join(fontsource, 'files', file), path.join(dir, file));
  copyFileSync(path.join(fontsource, 'LICENSE'), path.join(dir, 'LICENSE'));
}
