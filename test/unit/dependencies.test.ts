/**
 * package.json tells the truth about dependencies: everything the repository imports (source,
 * server, scripts, tests, demo, configs) or runs from package.json's scripts is declared, and
 * everything declared is imported, run, or a peer dependency of something that is. And the Node
 * version the README promises for development satisfies every installed package's `engines`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const SCANNED = ['src', 'server', 'scripts', 'test', 'demo'];
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(full).isDirectory() ? files(full) : CODE.test(name) ? [full] : [];
  });
}

/** Package names from a module specifier ('@scope/name/sub' → '@scope/name'); undefined for relative, URL, builtin. */
function packageOf(specifier: string): string | undefined {
  if (specifier.includes('${') || /^(\.|\/|[a-z]+:)/i.test(specifier) || builtinModules.includes(specifier.split('/')[0])) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*|\bimport\s+)['"]([^'"\s]+)['"]/g;

/** Packages each file imports: static and dynamic import, export-from, require and require.resolve (a package's file, such as a font); also in code the tests write out. */
function importedPackages() {
  const used = new Map<string, string>();
  const sources = [...SCANNED.flatMap((dir) => files(path.join(root, dir))), ...readdirSync(root).filter((name) => CODE.test(name)).map((name) => path.join(root, name))];
  for (const file of sources) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const name = packageOf(specifier);
      if (name && !used.has(name)) used.set(name, path.relative(root, file));
    }
  }
  return used;
}

/** Commands run by package.json scripts and .ci/run → the package that provides each binary. */
function packagesRunByScripts() {
  const bins = new Map<string, string>();
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
    const bin = typeof manifest.bin === 'string' ? { [name.split('/').pop()!]: manifest.bin } : (manifest.bin ?? {});
    for (const command of Object.keys(bin)) bins.set(command, name);
  }
  const commands = [...Object.values(pkg.scripts as Record<string, string>), readFileSync(path.join(root, '.ci/run'), 'utf8')].join('\n');
  const run = new Set<string>();
  for (const word of commands.split(/[\s;&|()]+/)) if (bins.has(word)) run.add(bins.get(word)!);
  return run;
}

const declared = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies }));

describe('package.json dependencies', () => {
  const imported = importedPackages();
  imported.delete(pkg.name); // the package itself, as its consumers (and the pack test's scratch files) import it

  it('declares every package the repository imports', () => {
    const undeclared = [...imported].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (imported in ${file})`);
    expect(undeclared).toEqual([]);
  });

  it('imports, runs or needs every package it declares', () => {
    const used = new Set([...imported.keys(), ...packagesRunByScripts()]);
    // Type packages are used by whatever imports their package (or by tsconfig "types": ["node"]).
    for (const name of declared) {
      const typed = name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : undefined;
      if (typed && (used.has(typed) || typed === 'node')) used.add(name);
    }
    // Peer dependencies of what is used (tslib for @rollup/plugin-typescript, react-dom for r2wc …).
    for (let grew = true; grew; ) {
      grew = false;
      for (const name of [...used]) {
        const manifest = path.join(root, 'node_modules', name, 'package.json');
        let peers: string[] = [];
        try {
          peers = Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).peerDependencies ?? {});
        } catch {
          continue;
        }
        for (const peer of peers) if (declared.has(peer) && !used.has(peer)) (used.add(peer), (grew = true));
      }
    }
    expect([...declared].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('the Node version the README states', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const stated = readme.match(/Node\.js ≥ (\d+\.\d+)/)?.[1];

  it('is the engines range of package.json', () => {
    expect(stated).toBeDefined();
    expect(pkg.engines.node).toBe(`>=${stated}`);
  });

  it('satisfies the engines of every installed package (no EBADENGINE on install)', () => {
    const minimum = semver.coerce(stated)!.version;
    const refused = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[] }>)
      .filter(([location, entry]) => location && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(minimum, (entry.engines as { node: string }).node))
      .map(([location, entry]) => `${location.replace(/^node_modules\//, '')} wants node ${(entry.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
