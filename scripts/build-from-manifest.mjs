#!/usr/bin/env node
/**
 * After `cem analyze` (part of `npm run build`): turns custom-elements.json into the editor data
 * (web-types.json, vscode.html-custom-data.json, beside the manifest) and the Vue, Svelte, Preact
 * and Solid template typings (dist/types/vue.d.ts, svelte.d.ts, preact.d.ts, solid.d.ts). See scripts/manifest/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { elementApi } from './manifest/element.mjs';
import { vscodeHtmlData, webTypes } from './manifest/editor-data.mjs';
import { preactTypes, solidTypes, svelteTypes, vueTypes } from './manifest/framework-types.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const api = elementApi(read('custom-elements.json'));
const pkg = read('package.json');
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

writeFileSync(path.join(root, 'web-types.json'), json(webTypes(api, pkg)));
writeFileSync(path.join(root, 'vscode.html-custom-data.json'), json(vscodeHtmlData(api, pkg)));
writeFileSync(path.join(root, 'dist/types/vue.d.ts'), vueTypes(api));
writeFileSync(path.join(root, 'dist/types/svelte.d.ts'), svelteTypes(api));
writeFileSync(path.join(root, 'dist/types/preact.d.ts'), preactTypes(api));
writeFileSync(path.join(root, 'dist/types/solid.d.ts'), solidTypes(api));
