/**
 * Builds whatever the demo needs that is missing or older than its sources:
 * the element bundle (rollup), the assets entry, the manifest with the editor data and template types, the server handler (esbuild + tsc) and the one-page PDF (the same file the
 * package publishes, dist/Leaflet_Case_Study_One_Pager.pdf, the default story's by src/shared/pdf/one-pager.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const paths = {
  dist: path.join(root, 'dist'),
  bundle: path.join(root, 'dist', 'redcliffe-case-study.js'),
  ssr: path.join(root, 'dist', 'ssr.js'),
  snippet: path.join(root, 'dist', 'redcliffe-case-study.html'),
  server: path.join(root, 'dist', 'server', 'index.js'),
  pdf: path.join(root, 'dist', 'Leaflet_Case_Study_One_Pager.pdf'),
  cover: path.join(root, 'dist', 'Leaflet_Case_Study_One_Pager.jpg'),
};

/** Newest modification time under the given files and folders (0 when none exist). */
function newest(entries) {
  let latest = 0;
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      for (const name of readdirSync(full, { recursive: true })) {
        const file = path.join(full, String(name));
        const s = statSync(file, { throwIfNoEntry: false });
        if (s?.isFile()) latest = Math.max(latest, s.mtimeMs);
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

function stale(output, sources) {
  const out = statSync(output, { throwIfNoEntry: false });
  return !out || out.mtimeMs < newest(sources);
}

/**
 * The files a build read, as it recorded them (rollup: dist/inputs.json; esbuild:
 * dist/server/inputs.json), or the folders they come from before the first build.
 */
function inputsOf(file, before) {
  try {
    return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return before;
  }
}

/** Runs one build step in a child process; the server goes on answering meanwhile. */
function run(label, args, log) {
  log(`Building ${label}: node ${args.map((a) => path.relative(root, a) || a).join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Building ${label} failed (exit ${code ?? signal}). Fix the error above; the next page load tries again.`)),
    );
  });
}

/**
 * @param {{ log?: (message: string) => void, force?: boolean }} [options]
 * @returns {Promise<string[]>} the steps that ran
 */
export async function ensureBuilt({ log = (message) => console.log(message), force = false } = {}) {
  const ran = [];
  const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

  const manifestSources = [
    'src/element.ts',
    'custom-elements-manifest.config.mjs',
    'scripts/manifest',
    'scripts/build-from-manifest.mjs',
    'scripts/build-attribute-types.mjs',
  ];
  // The manifest comes first: src/attributes.generated.ts, which the bundle's typings read, is made from it.
  const manifestStale = force || stale(path.join(root, 'custom-elements.json'), manifestSources);
  if (manifestStale) {
    await run('the manifest (cem analyze)', [bin('@custom-elements-manifest/analyzer', 'cem.js'), 'analyze'], log);
    await run('the attribute typings (scripts/build-attribute-types.mjs)', [path.join(root, 'scripts', 'build-attribute-types.mjs')], log);
  }
  const bundleSources = inputsOf('dist/inputs.json', ['src', 'rollup.config.mjs', 'scripts/rollup', 'tsconfig.json']);
  if (force || stale(paths.bundle, bundleSources) || stale(paths.snippet, bundleSources)) {
    await run('the element (rollup -c)', [bin('rollup', 'dist/bin/rollup'), '-c', '--silent'], log);
    ran.push('bundle');
  }
  // The brotli and gzip copies serve sends (rollup's clean step removes them with the old bundle).
  if (force || ran.includes('bundle') || stale(`${paths.bundle}.br`, [paths.bundle, 'scripts/compress-assets.mjs'])) {
    await run('the compressed copies (scripts/compress-assets.mjs)', [path.join(root, 'scripts', 'compress-assets.mjs')], log);
    ran.push('compressed');
  }
  // Both write into dist/ beside the bundle (rollup's clean step removes dist/types), so they follow it.
  if (
    force ||
    ran.includes('bundle') ||
    stale(path.join(paths.dist, 'types', 'node', 'assets.d.ts'), ['src/node', 'src/version.ts', 'scripts/build-assets.mjs'])
  ) {
    await run('the assets entry (scripts/build-assets.mjs)', [path.join(root, 'scripts', 'build-assets.mjs')], log);
    ran.push('assets');
  }
  if (manifestStale || ran.includes('bundle') || stale(path.join(paths.dist, 'types', 'vue.d.ts'), manifestSources)) {
    await run('the editor data and template types (scripts/build-from-manifest.mjs)', [path.join(root, 'scripts', 'build-from-manifest.mjs')], log);
    ran.push('manifest');
  }
  if (force || stale(paths.server, [...inputsOf('dist/server/inputs.json', ['server', 'src/shared']), 'scripts/build-server.mjs'])) {
    await run('the lead handler (scripts/build-server.mjs)', [path.join(root, 'scripts', 'build-server.mjs')], log);
    ran.push('server');
  }
  if (force || stale(paths.pdf, ['src/shared', 'scripts/build-pdf.mjs'])) {
    log('Building the one-page PDF (scripts/build-pdf.mjs → src/shared/pdf/one-pager.ts)');
    const { buildPdf } = await import('../scripts/build-pdf.mjs');
    await buildPdf(paths.pdf);
    ran.push('pdf');
  }
  if (force || stale(paths.cover, ['dist/Leaflet_Case_Study_One_Pager.pdf', 'scripts/build-cover.mjs'])) {
    log("Making the one-pager's cover (scripts/build-cover.mjs: page 1 of the PDF)");
    const { makeCover } = await import('../scripts/build-cover.mjs');
    if ((await makeCover(paths.pdf, paths.cover)) === 'committed')
      log('pdftoppm not found (poppler-utils): the cover is the committed one, which may lag the PDF');
    ran.push('cover');
  }
  return ran;
}
