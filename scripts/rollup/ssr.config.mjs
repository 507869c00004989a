/**
 * The `redcliffe-case-study/ssr` build (dist/ssr.js) and the two files made from it:
 *
 *   dist/ssr.js                     renderCaseStudy() for Node and Fetch-API runtimes: one ES module with
 *                                   React and react-dom's synchronous string renderer inside (the same React
 *                                   as the browser bundle, so hydration sees exactly what was rendered);
 *                                   never imported by the browser bundle.
 *   dist/redcliffe-case-study.css   the element's stylesheet, built from the same source as the sheet the
 *                                   browser adopts (src/styles/sheet.ts), linked by server-rendered HTML.
 *   dist/redcliffe-case-study.html  the server-rendered element for the default base, its styles inline
 *                                   (the CDN path only in its links): the snippet CMS editors paste.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import typescript from '@rollup/plugin-typescript';
import * as esbuild from 'esbuild';
import { jsonParts } from './json-parts.mjs';
import { minifyCssLiterals, minifyStyleModule } from '../minify-css-literals.mjs';
import { packagedFileUrls } from './packaged-file-urls.mjs';

const root = join(import.meta.dirname, '..', '..');

/** The stylesheet text and the constants the snippet needs, straight from the TypeScript sources. */
async function sources() {
  const result = await esbuild.build({
    stdin: {
      contents: "export { serverCss } from './src/styles/server-sheet.ts';\n" + "export { DEFAULT_BASE, STYLESHEET_FILE } from './src/lib/constants.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    // The same CSS minification as the browser bundle (minifyCssLiterals), so the file's rules are
    // the adopted sheet's rules to the letter (a value with var() keeps its exact text in the CSSOM).
    plugins: [
      {
        name: 'minify-css-literals',
        setup(build) {
          build.onLoad({ filter: /\.styles\.ts$/ }, async ({ path }) => ({
            contents: minifyStyleModule(await readFile(path, 'utf8')),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/** The CDN folder of this version, where the snippet links the stylesheet. */
export async function cdnAssetsUrl() {
  const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  return `https://cdn.jsdelivr.net/npm/${name}@${version}/dist`;
}

function stylesheetAndSnippet() {
  let constants;
  return {
    name: 'stylesheet-and-snippet',
    async generateBundle() {
      constants = await sources();
      this.emitFile({ type: 'asset', fileName: constants.STYLESHEET_FILE, source: constants.serverCss });
    },
    async writeBundle({ dir }) {
      const { renderCaseStudy } = await import(`${pathToFileURL(join(dir, 'ssr.js')).href}?build=${Date.now()}`);
      // Pasted on a CMS page, the stylesheet would be a request to another origin before the story
      // paints: the rules come inline (allowed under a strict CSP by the hash in integrity.json).
      const { html } = renderCaseStudy({ path: constants.DEFAULT_BASE, assetsUrl: await cdnAssetsUrl(), styles: 'inline' });
      await writeFile(join(dir, 'redcliffe-case-study.html'), `${html}\n`);
    },
  };
}

export const ssrConfig = {
  input: { ssr: 'src/ssr.tsx' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    // The lazy sections are rendered synchronously on the server: no chunks.
    inlineDynamicImports: true,
    sourcemap: 'hidden',
    banner: `/*! redcliffe-case-study/ssr (MIT). Bundles React and other packages: their licences and notices are in the package's dist/THIRD_PARTY_LICENSES.txt */`,
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true }),
    commonjs(),
    // The inline <style> (renderCaseStudy's `styles: 'inline'`) holds the stylesheet file's text to
    // the letter, so the hash published for it in dist/integrity.json is that file's.
    minifyCssLiterals(),
    // Declarations come from the main build (types/ssr.d.ts).
    typescript({ tsconfig: './tsconfig.json', noEmitOnError: true, declaration: false, declarationDir: undefined }),
    jsonParts(),
    packagedFileUrls(),
    stylesheetAndSnippet(),
  ],
};
