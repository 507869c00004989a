import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `--mode react18`: the app's `react` and `react-dom` are React 18 (the `react-18` / `react-dom-18`
 * npm aliases at the repository root), as in an app that has not moved to 19. `--mode react19`:
 * the root's React 19. `redcliffe-case-study/react` must use whichever the app has.
 * `ssr.noExternal`: the server build bundles everything, so the alias applies there too.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: { alias: mode === 'react18' ? { react: 'react-18', 'react-dom': 'react-dom-18' } : {} },
  ssr: { noExternal: true },
  build: { outDir: `dist/${mode}` },
  logLevel: 'warn',
}));
