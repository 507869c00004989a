/**
 * Which build of the element this is: `standalone` (dist/redcliffe-case-study.js and dist/chunks/,
 * with its own React; what `redcliffe-case-study`, `/react`, `/vue`, `/svelte`… load) or
 * `react-app` (dist/react-app/, on the app's React). The rollup config of dist/react-app/ rewrites
 * the value (rollup.config.mjs, `reactAppFlavour`), so a page that loads both can say which
 * imports to change (src/define.ts).
 */
export const BUILD_FLAVOUR: 'standalone' | 'react-app' = 'standalone';
