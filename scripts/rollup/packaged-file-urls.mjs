/**
 * `new URL('<path>', import.meta.url)` in src/ names a file the package publishes in dist/ (the
 * one-page PDF), and a bundler (Vite, webpack, esbuild) reads that literal as an asset to copy. The
 * literal is written as seen from dist/chunks/, where the main build puts the code; but the same
 * module also lands in dist/react-app/chunks/ and in dist/ssr.js, where that path names nothing (a
 * host app's build warned, and HubSpot mode without `pdf-url` "downloaded" index.html). This
 * plugin rewrites each such literal to the path from the chunk's own folder to the same file, so
 * every output names a file the package ships (test/pack/tarball.test.ts checks each one).
 */
import path from 'node:path';
import MagicString from 'magic-string';

const root = path.join(import.meta.dirname, '..', '..');
/** The folder the literals in src/ are written from. */
const WRITTEN_FROM = path.join(root, 'dist/chunks');
const FILE_URL = /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g;

export function packagedFileUrls() {
  return {
    name: 'packaged-file-urls',
    renderChunk(code, chunk, { dir }) {
      if (!code.includes('import.meta.url')) return null;
      const from = path.dirname(path.resolve(root, dir, chunk.fileName));
      const out = new MagicString(code);
      for (const match of code.matchAll(FILE_URL)) {
        const [whole, quote, written] = match;
        if (written.endsWith('/') || /^[a-z]+:/i.test(written)) continue;
        let relative = path.relative(from, path.resolve(WRITTEN_FROM, written)).split(path.sep).join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        if (relative !== written) out.overwrite(match.index, match.index + whole.length, `new URL(${quote}${relative}${quote}, import.meta.url)`);
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
