#!/usr/bin/env node
/**
 * The package as a consumer gets it (`npm run test:pack`, part of `npm test`; run after the build):
 *
 *  1. `npm pack` → the tarball holds what consumers need and nothing else (no src, tests): the
 *     element and its chunks with their linked source maps, the licences of the bundled packages
 *     (dist/THIRD_PARTY_LICENSES.txt), the one-page PDF, CHANGELOG.md, repository/homepage/bugs.
 *  2. A scratch consumer in the system temp dir installs only that tarball, offline
 *     (the element bundles its own React; `react` is only an optional peer, for the `/react` entry;
 *     the server's dependencies are rate-limiter-flexible and csv-stringify, its database drivers
 *     optional peers, so nothing else is pulled in).
 *  3. esbuild bundles `import 'redcliffe-case-study'` (and the `/react` entry, with the app's
 *     `react` external): the element is in, once, with its lazy chunks split out, and no React is
 *     copied into the `/react` entry; `<RedcliffeCaseStudy>` renders on the server in Node with the
 *     consumer's React; `redcliffe-case-study/server` resolves for Node.
 *  4. `tsc --strict` (skipLibCheck off, so our .d.ts are checked too):
 *     - a DOM-only consumer *without* @types/react: typed querySelector, methods, events (on the
 *       element, on `document` and `window`, the example of docs/element.md verbatim), and an unknown method
 *       rejected (`@ts-expect-error` + a separate file that must fail);
 *     - a React 19 consumer: `<RedcliffeCaseStudy>` with its props, typed callbacks and a ref to
 *       the element, and the bare `<redcliffe-case-study base endpoint form-url>` in TSX, with
 *       typed event props; unknown props rejected.
 *  5. The manifest in the tarball describes the element.
 *
 * TypeScript, esbuild and the React/Node typings come from this repository's node_modules
 * (symlinked into the consumer), so nothing is downloaded.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'rcs-pack-'));
const consumer = join(work, 'consumer');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tscBin = join(root, 'node_modules/typescript/bin/tsc');

let failures = 0;
async function step(name, fn) {
  try {
    await fn();
    console.log(`  ✓ ${name}`);
  } catch (error) {
    failures++;
    console.error(`  ✗ ${name}\n${String(error?.stack ?? error).replace(/^/gm, '      ')}`);
  }
}

const write = (file, text) => {
  mkdirSync(dirname(join(consumer, file)), { recursive: true });
  writeFileSync(join(consumer, file), text);
};
const link = (name) => {
  const target = join(consumer, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  if (!existsSync(target)) symlinkSync(join(root, 'node_modules', name), target, 'junction');
};
/** The first ```lang code block after `marker` in docs/<file>: recipes are tested as written. */
const docBlock = (file, marker, lang) => {
  const text = readFileSync(join(root, 'docs', file), 'utf8');
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `docs/${file} has no ${JSON.stringify(marker)}`);
  const block = text.slice(at).match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'));
  assert.ok(block, `docs/${file} has no \`\`\`${lang} block after ${JSON.stringify(marker)}`);
  return block[1];
};

/** Runs tsc in the consumer; returns { ok, output }. */
const tsc = (project) => {
  const result = spawnSync(process.execPath, [tscBin, '-p', project, '--pretty', 'false'], { cwd: consumer, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
};

console.log(`pack test in ${work}`);
let tarball;
let packedFiles = [];

await step('npm pack: only what consumers need', () => {
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  tarball = join(work, info.filename);
  packedFiles = info.files.map((file) => file.path).sort();
  const must = [
    'package.json',
    'custom-elements.json',
    'dist/redcliffe-case-study.js',
    'dist/react.js',
    'dist/after-paint.js',
    'dist/after-paint.js.map',
    'dist/integrity.json',
    'dist/types/index.d.ts',
    'dist/types/react.d.ts',
    'dist/types/vue.d.ts',
    'dist/types/svelte.d.ts',
    'dist/types/preact.d.ts',
    'dist/types/solid.d.ts',
    'dist/types/node/assets.d.ts',
    'dist/assets.js',
    'dist/react-app.js',
    'dist/react-app/redcliffe-case-study.js',
    'web-types.json',
    'vscode.html-custom-data.json',
    'dist/server/index.js',
    'dist/server/cli.js',
    'dist/server/types/server/index.d.ts',
    'dist/redcliffe-case-study.js.map',
    'dist/THIRD_PARTY_LICENSES.txt',
    'dist/Leaflet_Case_Study_One_Pager.pdf',
    'CHANGELOG.md',
    'LICENSE',
  ];
  for (const file of must) assert.ok(packedFiles.includes(file), `${file} missing from the tarball`);
  const chunks = packedFiles.filter((file) => /^dist\/chunks\/.+\.js$/.test(file));
  assert.ok(
    chunks.some((file) => /^dist\/chunks\/core-[\w-]+\.js$/.test(file)),
    'no core chunk in the tarball',
  );
  assert.ok(chunks.length >= 4, 'no lazy chunks in the tarball');
  for (const chunk of chunks) assert.ok(packedFiles.includes(`${chunk}.map`), `${chunk}.map missing from the tarball`);
  const forbidden = packedFiles.filter(
    (file) => /^(src|test|scripts|server|demo|licenses|node_modules)\//.test(file) || /\.tsx?$/.test(file.replace(/\.d\.ts$/, '')) || /\.tgz$/.test(file),
  );
  assert.deepEqual(forbidden, [], `files consumers do not need: ${forbidden.join(', ')}`);
  const internals = packedFiles.filter((file) => /^dist\/types\/(components|styles|lib)\//.test(file));
  assert.deepEqual(internals, [], 'declarations of internals are published');
  console.log(
    `    ${info.filename}: ${packedFiles.length} files, ${(info.size / 1000).toFixed(1)} kB packed, ${(info.unpackedSize / 1000).toFixed(1)} kB unpacked`,
  );
});

await step('install the tarball into a scratch consumer (offline; only the declared dependencies pulled)', () => {
  assert.ok(tarball, 'no tarball');
  write('package.json', JSON.stringify({ name: 'scratch-consumer', private: true, type: 'module' }, null, 2));
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', tarball], {
    cwd: consumer,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const installed = readdirSync(join(consumer, 'node_modules'))
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(consumer, 'node_modules', name)).map((inner) => `${name}/${inner}`) : [name]))
    .sort();
  const installedPkg = JSON.parse(readFileSync(join(consumer, 'node_modules', pkg.name, 'package.json'), 'utf8'));
  const expected = [pkg.name, ...Object.keys(installedPkg.dependencies ?? {})].sort();
  assert.deepEqual(installed, expected, `the tarball pulled in other packages: ${installed.join(', ')}`);
  // The lead server's own (routing, hashing, address keys, CSV, rate limits); each is small and has no dependencies of its own.
  assert.deepEqual(Object.keys(installedPkg.dependencies ?? {}).sort(), [
    '@hono/node-server',
    '@noble/hashes',
    'csv-stringify',
    'hono',
    'ipaddr.js',
    'rate-limiter-flexible',
  ]);
  // React is only for the `/react` entry, the database drivers only for the server's stores: optional
  // peers, so DOM-only consumers get no warning and install none of them.
  assert.deepEqual(Object.keys(installedPkg.peerDependencies ?? {}).sort(), ['better-sqlite3', 'pg', 'react'], 'peer dependencies');
  assert.equal(installedPkg.peerDependencies.react, '>=18');
  for (const peer of ['better-sqlite3', 'pg', 'react']) {
    assert.equal(installedPkg.peerDependenciesMeta?.[peer]?.optional, true, `${peer} must be an optional peer`);
    assert.ok(!installed.includes(peer), `${peer} was installed`);
  }
  assert.ok(existsSync(join(consumer, 'node_modules/.bin/redcliffe-leads')), 'redcliffe-leads not linked as a bin');
});

await step('licences, source maps, PDF and links in the tarball are the real thing', () => {
  const installed = (file) => join(consumer, 'node_modules', pkg.name, file);
  // The bundled packages' licences (MIT requires their notices), each with its text.
  const notices = readFileSync(installed('dist/THIRD_PARTY_LICENSES.txt'), 'utf8');
  for (const name of ['react', 'react-dom', 'scheduler', '@r2wc/core', 'wouter', 'clsx']) {
    assert.match(notices, new RegExp(`^${name.replace('/', '\\/')}@\\d+\\.\\d+\\.\\d+ \\(`, 'm'), `${name} missing from THIRD_PARTY_LICENSES.txt`);
  }
  assert.match(notices, /Copyright \(c\) Meta Platforms, Inc\. and affiliates\./, "React's copyright notice missing");
  assert.match(notices, /Copyright \(c\) 2022 Bitovi/, "r2wc's copyright notice missing");
  // One MIT text for each bundled MIT package: react, react-dom, scheduler, @r2wc/core, clsx (wouter is Unlicense).
  assert.ok((notices.match(/Permission is hereby granted, free of charge/g) ?? []).length >= 5, 'MIT licence texts missing');
  // The entry and the core point at the notices and at their (published) source maps.
  const entry = readFileSync(installed('dist/redcliffe-case-study.js'), 'utf8');
  assert.match(entry, /^\/\*! redcliffe-case-study .*THIRD_PARTY_LICENSES\.txt \*\//, 'licence banner missing from the entry');
  for (const file of readdirSync(installed('dist/chunks'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `dist/chunks/${name}`)
    .concat('dist/redcliffe-case-study.js')) {
    const code = readFileSync(installed(file), 'utf8');
    const link = code.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
    assert.ok(link, `${file} links no source map`);
    const map = JSON.parse(readFileSync(join(dirname(installed(file)), link), 'utf8'));
    assert.equal(map.version, 3, `${file}.map is not a source map`);
    // The entry is a two-line facade (its map is empty); every chunk maps to its sources.
    if (file.startsWith('dist/chunks/')) assert.ok(map.sources.length > 0 && map.mappings.length > 0, `${file}.map is empty`);
    if (/core-/.test(file)) {
      assert.match(code, /^\/\*! redcliffe-case-study /, 'licence banner missing from the core chunk');
      assert.ok(
        map.sources.some((source) => source.includes('src/element.ts')),
        'the core map does not reach src/element.ts',
      );
    }
  }
  // The one-page PDF a page can link to.
  const pdf = readFileSync(installed('dist/Leaflet_Case_Study_One_Pager.pdf'));
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'the PDF is not a PDF');
  assert.ok(pdf.length > 2000, 'the PDF is suspiciously small');
  assert.match(readFileSync(installed('CHANGELOG.md'), 'utf8'), /^# Changelog/m);
  const installedPkg = JSON.parse(readFileSync(installed('package.json'), 'utf8'));
  for (const key of ['repository', 'homepage', 'bugs']) assert.ok(installedPkg[key], `package.json has no ${key}`);
  assert.match(installedPkg.repository.url, /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
  assert.equal(installedPkg.homepage, `${installedPkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}#readme`);
  assert.equal(installedPkg.bugs.url, `${installedPkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/issues`);
});

await step('esbuild bundles `import "redcliffe-case-study"` with the element in it, once', async () => {
  const esbuild = await import(join(root, 'node_modules/esbuild/lib/main.js'));
  write(
    'src/main.js',
    "import 'redcliffe-case-study';\nimport 'redcliffe-case-study/react';\nimport { TAG } from 'redcliffe-case-study';\nconsole.log(TAG);\n",
  );
  const result = await esbuild.build({
    absWorkingDir: consumer,
    entryPoints: ['src/main.js'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: false,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The app's own React (a peer dependency of the `/react` entry); not installed here.
    external: ['react', 'react/*'],
  });
  const entry = result.outputFiles.find((file) => /[\\/]main\.js$/.test(file.path));
  const all = result.outputFiles.map((file) => file.text).join('\n');
  assert.ok(entry, 'no entry output');
  // With splitting, the package's code lands in a chunk shared with its lazy sections.
  assert.match(all, /["']redcliffe-case-study["']/, 'tag not in the bundle');
  assert.match(all, /customElements\.define\(/, 'registration tree-shaken away (sideEffects)');
  assert.match(all, /Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling/, 'headline missing');
  const inputs = Object.keys(result.metafile.inputs);
  const mains = inputs.filter((input) => input.endsWith(`${pkg.name}/dist/redcliffe-case-study.js`));
  assert.equal(mains.length, 1, 'the main module is bundled more than once');
  assert.ok(!inputs.some((input) => /node_modules\/react(-dom)?\//.test(input)), 'resolved a separate React');
  assert.ok(
    inputs.some((input) => input.endsWith(`${pkg.name}/dist/react.js`)),
    'the /react entry is not in the bundle',
  );
  const reactEntry = readFileSync(join(consumer, 'node_modules', pkg.name, 'dist/react.js'), 'utf8');
  assert.match(reactEntry, /from ['"]react['"]/, "dist/react.js does not import the app's react");
  assert.match(reactEntry, /from ['"]\.\/redcliffe-case-study\.js['"]/, 'dist/react.js does not import the main file');
  assert.ok(reactEntry.length < 10_000, `dist/react.js is ${reactEntry.length} bytes: React or the element was copied into it`);
  const chunks = result.outputFiles.filter((file) => /chunk-|CtaSection|JumpNav|DownloadDialog/.test(file.path));
  assert.ok(chunks.length >= 1, 'lazy sections were not split into chunks');
  const size = result.outputFiles.reduce((sum, file) => sum + file.contents.length, 0);
  console.log(`    ${result.outputFiles.length} output files, ${(size / 1000).toFixed(1)} kB unminified`);
});

await step("`redcliffe-case-study/react` renders on the server in Node with the app's React (no DOM)", () => {
  link('react');
  link('react-dom');
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RedcliffeCaseStudy, TAG } from '${pkg.name}/react';
const html = renderToString(createElement(RedcliffeCaseStudy, { base: '/x', endpoint: '/api', formUrl: '', className: 'story', onCaseStudyDownload() {} }, createElement('a', { href: '/x.pdf' }, 'PDF')));
console.log(TAG, typeof customElements, html);`,
    ],
    { cwd: consumer, encoding: 'utf8' },
  );
  assert.equal(
    out.trim(),
    'redcliffe-case-study undefined <redcliffe-case-study class="story" base="/x" endpoint="/api" form-url=""><a href="/x.pdf">PDF</a></redcliffe-case-study>',
  );
  const reactEntry = readFileSync(join(consumer, 'node_modules', pkg.name, 'dist/react.js'), 'utf8');
  assert.match(reactEntry, /^'use client';/, 'dist/react.js is not marked for React Server Components');
});

await step('`redcliffe-case-study/server` resolves and loads in Node', () => {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import('${pkg.name}/server'); console.log(Object.keys(m).sort().join(','));`],
    { cwd: consumer, encoding: 'utf8' },
  );
  assert.match(out, /createLeadHandler/);
  assert.match(out, /createSqliteStore/);
});

await step('`redcliffe-leads` runs from the install and explains itself', () => {
  const result = spawnSync(join(consumer, 'node_modules/.bin/redcliffe-leads'), ['--help'], { cwd: consumer, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /redcliffe-leads export --format csv\|ndjson/);
});

const baseCompilerOptions = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  skipLibCheck: false,
  noEmit: true,
  types: [],
};

await step('tsc --strict, DOM consumer without @types/react: element, methods, events typed', () => {
  assert.ok(!existsSync(join(consumer, 'node_modules/@types/react')));
  write(
    'src/dom.ts',
    `import 'redcliffe-case-study';
import type { RedcliffeCaseStudyElement, CaseStudyDownloadDetail } from 'redcliffe-case-study';

const el = document.querySelector('redcliffe-case-study')!;
const typed: RedcliffeCaseStudyElement = el;
el.base = '/x';
el.endpoint = '/api';
el.formUrl = '';
el.base = null; // removes the attribute
const base: string = el.base;
el.openDownload();
el.scrollToSection('cta');
el.scrollToSection('top');
el.addEventListener('case-study-submit', (event) => {
  const endpoint: string = event.detail.endpoint;
  void endpoint;
});
el.addEventListener('case-study-download', (event) => {
  const detail: CaseStudyDownloadDetail = event.detail;
  void detail.pdfUrl;
});
document.body.addEventListener('case-study-error', (event) => void event.detail.message);
// The example of docs/element.md, verbatim: the events bubble and are composed, so document and window hear them.
document.addEventListener('case-study-download', (e) => e.detail.pdfUrl);
window.addEventListener('case-study-submit', (event) => {
  const endpoint: string = event.detail.endpoint;
  void endpoint;
});
// @ts-expect-error -- detail of case-study-download has no message
document.addEventListener('case-study-download', (e) => e.detail.message);
const created = document.createElement('redcliffe-case-study');
created.openDownload();
// @ts-expect-error -- not a method of the element
el.fooBar();
// @ts-expect-error -- the base is a string
el.base = 42;
// @ts-expect-error -- detail of case-study-submit has no pdfUrl
el.addEventListener('case-study-submit', (event) => event.detail.pdfUrl);
void typed;
void base;
`,
  );
  write('src/readme-events.ts', docBlock('element.md', '## Events', 'ts'));
  write('tsconfig.dom.json', JSON.stringify({ compilerOptions: baseCompilerOptions, files: ['src/dom.ts', 'src/readme-events.ts'] }, null, 2));
  const { ok, output } = tsc('tsconfig.dom.json');
  assert.ok(ok, output);
});

await step('tsc --strict rejects an unknown method (a file that must fail)', () => {
  write('src/unknown-method.ts', "import 'redcliffe-case-study';\ndocument.querySelector('redcliffe-case-study')!.fooBar();\n");
  write('tsconfig.unknown.json', JSON.stringify({ compilerOptions: baseCompilerOptions, files: ['src/unknown-method.ts'] }, null, 2));
  const { ok, output } = tsc('tsconfig.unknown.json');
  assert.ok(!ok, 'tsc accepted fooBar()');
  assert.match(output, /TS2339: Property 'fooBar' does not exist on type 'RedcliffeCaseStudyElement'/, output);
});

await step('tsc --strict --jsx react-jsx: <RedcliffeCaseStudy> (the example of docs/react.md) and the bare <redcliffe-case-study> tag (React 19 types)', () => {
  link('@types/react');
  link('csstype');
  write(
    'src/app.tsx',
    `import 'redcliffe-case-study/react';
import { useRef } from 'react';
import type { RedcliffeCaseStudyElement } from 'redcliffe-case-study';

export function Story() {
  const ref = useRef<RedcliffeCaseStudyElement>(null);
  return (
    <>
      <redcliffe-case-study base="/x" endpoint="/api" form-url="" />
      <redcliffe-case-study
        ref={ref}
        className="story"
        id="story"
        oncase-study-download={(event) => console.log(event.detail.pdfUrl)}
        oncase-study-submit={(event) => console.log(event.detail.endpoint)}
      >
        <a href="/case-study.pdf">Download the one-pager (PDF)</a>
      </redcliffe-case-study>
      {/* @ts-expect-error -- not an attribute of the element */}
      <redcliffe-case-study bsae="/typo" />
      <button onClick={() => ref.current?.openDownload()}>Download</button>
    </>
  );
}
`,
  );
  write('src/readme-react.tsx', docBlock('react.md', '## React 18 and 19, Next.js', 'tsx'));
  write(
    'src/component.tsx',
    `import { createRef, useCallback } from 'react';
import { RedcliffeCaseStudy, TAG, VERSION, type RedcliffeCaseStudyElement, type RedcliffeCaseStudyProps } from 'redcliffe-case-study/react';

export function WithComponent() {
  const ref = createRef<RedcliffeCaseStudyElement>();
  const onDownload = useCallback((event: CustomEvent<{ pdfUrl: string }>) => console.log(event.detail.pdfUrl), []);
  const props: RedcliffeCaseStudyProps = { base: '/x', formUrl: '' };
  return (
    <>
      <RedcliffeCaseStudy {...props} />
      <RedcliffeCaseStudy
        ref={ref}
        base="/x"
        endpoint="/api"
        formUrl="https://forms.example.com/l/1"
        id="story"
        className="story"
        style={{ minHeight: '100vh' }}
        data-section="story"
        onCaseStudyDownload={onDownload}
        onCaseStudySubmit={(event) => console.log(event.detail.endpoint)}
        onCaseStudyError={(event) => console.log(event.detail.message)}
      >
        <a href="/case-study.pdf">Download the one-pager (PDF)</a>
      </RedcliffeCaseStudy>
      <RedcliffeCaseStudy ref={(element) => element?.scrollToSection('cta')} />
      {/* @ts-expect-error -- not a prop of the component */}
      <RedcliffeCaseStudy bsae="/typo" />
      {/* @ts-expect-error -- detail of case-study-download has no message */}
      <RedcliffeCaseStudy onCaseStudyDownload={(event: CustomEvent<{ message: string }>) => event.detail.message} />
      {/* @ts-expect-error -- base is a string */}
      <RedcliffeCaseStudy base={42} />
      <p>{TAG} {VERSION}</p>
    </>
  );
}
`,
  );
  write(
    'tsconfig.react.json',
    JSON.stringify(
      { compilerOptions: { ...baseCompilerOptions, jsx: 'react-jsx', types: ['react'] }, files: ['src/app.tsx', 'src/component.tsx', 'src/readme-react.tsx'] },
      null,
      2,
    ),
  );
  const { ok, output } = tsc('tsconfig.react.json');
  assert.ok(ok, output);
});

await step('custom-elements.json in the tarball describes the element', () => {
  const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', pkg.name, 'custom-elements.json'), 'utf8'));
  const [declaration] = manifest.modules.flatMap((module) => module.declarations);
  assert.equal(declaration.tagName, 'redcliffe-case-study');
  assert.deepEqual(
    declaration.attributes.map((a) => a.name),
    ['base', 'endpoint', 'form-url', 'contact-url', 'contact-label', 'privacy-url', 'hubspot-portal', 'hubspot-form', 'pdf-url'],
  );
  assert.deepEqual(
    declaration.events.map((e) => e.name),
    ['case-study-submit', 'case-study-download', 'case-study-error'],
  );
  const installedPkg = JSON.parse(readFileSync(join(consumer, 'node_modules', pkg.name, 'package.json'), 'utf8'));
  assert.equal(installedPkg.customElements, 'custom-elements.json');
});

if (!keep) rmSync(work, { recursive: true, force: true });
if (failures) {
  console.error(`\npack test: ${failures} failure(s)${keep ? ` (kept ${work})` : ' (re-run with --keep to inspect)'}`);
  process.exit(1);
}
console.log('\npack test: all good');
