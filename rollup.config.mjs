import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/**
 * One self-contained ES module with React inside (dist/redcliffe-case-study.js) plus lazy chunks
 * beside it, imported by relative path so they load from wherever the main file was served.
 */
export default {
  input: { 'redcliffe-case-study': 'src/index.ts' },
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true }),
    commonjs(),
    typescript({ tsconfig: './tsconfig.json' }),
    terser({ format: { comments: false }, compress: { passes: 2 } }),
  ],
};
