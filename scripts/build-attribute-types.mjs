#!/usr/bin/env node
/**
 * First step of `npm run build`, after `cem analyze`: writes src/attributes.generated.ts from
 * custom-elements.json (scripts/manifest/attribute-types.mjs), formatted as the repository's
 * Prettier formats it, and only when it changed (the demo's rebuild check reads modification times).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { attributeTypes } from './manifest/attribute-types.mjs';
import { elementApi } from './manifest/element.mjs';

const root = path.join(import.meta.dirname, '..');
const target = path.join(root, 'src/attributes.generated.ts');
const api = elementApi(JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8')));
const text = await prettier.format(attributeTypes(api), { ...(await prettier.resolveConfig(target)), filepath: target });
let old = '';
try {
  old = readFileSync(target, 'utf8');
} catch {
  // first build
}
if (old !== text) {
  writeFileSync(target, text);
  console.log('src/attributes.generated.ts rewritten from custom-elements.json: commit it with the attribute change.');
}
