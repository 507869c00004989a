/** A test file's own copy of the scratch consumer that installed the tarball (setup.ts). */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { root } from '../e2e/hosts/package.js';

export { docBlock } from '../e2e/hosts/package.js';

export const PACKAGE = 'redcliffe-case-study';

/** The compiler options every consumer starts from: strict, and our .d.ts checked too. */
export const STRICT = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  skipLibCheck: false,
  noEmit: true,
  types: [] as string[],
};

export function consumer(name: string) {
  const pack = inject('pack');
  const dir = join(pack.work, name);
  cpSync(pack.installed, dir, { recursive: true, verbatimSymlinks: true });
  const at = (file: string) => join(dir, file);
  return {
    dir,
    at,
    /** A file of the installed package. */
    installed: (file: string) => at(join('node_modules', PACKAGE, file)),
    write(file: string, text: string) {
      mkdirSync(dirname(at(file)), { recursive: true });
      writeFileSync(at(file), text);
    },
    /** Makes a package of this repository's node_modules (typings, React) the consumer's own. */
    link(...names: string[]) {
      for (const name of names) {
        const target = at(join('node_modules', name));
        mkdirSync(dirname(target), { recursive: true });
        if (!existsSync(target)) symlinkSync(join(root, 'node_modules', name), target, 'junction');
      }
    },
    /** The packages in node_modules, scoped ones as `@scope/name`. */
    packages(): string[] {
      const modules = at('node_modules');
      return readdirSync(modules)
        .filter((entry) => !entry.startsWith('.'))
        .flatMap((entry) => (entry.startsWith('@') ? readdirSync(join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry]))
        .sort();
    },
    /** tsc -p on a tsconfig written from `compilerOptions` and `files`. */
    tsc(config: string, compilerOptions: Record<string, unknown>, files: string[]): { ok: boolean; output: string } {
      writeFileSync(at(config), JSON.stringify({ compilerOptions, files }, null, 2));
      const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'], {
        cwd: dir,
        encoding: 'utf8',
      });
      return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
    },
    manifest: () => JSON.parse(readFileSync(at(join('node_modules', PACKAGE, 'package.json')), 'utf8')),
  };
}
