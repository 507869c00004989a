/**
 * Records what the rollup build read, in dist/inputs.json, so `npm start` (demo/ensure-built.mjs)
 * rebuilds when any of it changes: the list comes from the build, not from a hand-kept list of
 * folders. Every config adds its modules to one set (rollup -c runs the configs in one process,
 * one after the other), and each writes the union so far; the last write holds them all.
 */
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
/** The build's own configuration: not modules, but a change to them changes the output too. */
const BUILD_FILES = ['rollup.config.mjs', 'scripts/rollup', 'scripts/minify-css-literals.mjs', 'tsconfig.json', 'package.json'];
const read = new Set(BUILD_FILES);

function recordInputs() {
  return {
    name: 'record-inputs',
    async writeBundle() {
      for (const id of this.getWatchFiles()) {
        const file = relative(root, id.replace(/^\0/, '').replace(/\?.*$/, ''));
        if (!file.startsWith('..') && !file.startsWith('node_modules') && !file.includes('\0')) read.add(file);
      }
      await writeFile(join(root, 'dist', 'inputs.json'), `${JSON.stringify([...read].sort(), null, 1)}\n`);
    },
  };
}

/** The config with the recording plugin added. */
export const withInputsRecorded = (config) => ({ ...config, plugins: [...(config.plugins ?? []), recordInputs()] });
