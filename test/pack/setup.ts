/**
 * Global setup of the pack test (vitest.pack.config.ts): `npm pack` of the built repository, and
 * that tarball installed, offline, into a scratch browser-only consumer. Each test file copies the
 * consumer (consumer.ts), so what one file links into node_modules no other file sees.
 * KEEP_PACK=1 keeps the scratch folder to inspect.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root } from '../e2e/hosts/package.js';

export interface PackInfo {
  /** The scratch folder: the tarball, the installed consumer and each test file's copy of it. */
  work: string;
  tarball: string;
  /** The consumer with only the tarball installed. */
  installed: string;
  files: string[];
  size: number;
  unpackedSize: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pack: PackInfo;
  }
}

export default function setup(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), 'rcs-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string; files: { path: string }[]; size: number; unpackedSize: number }[];
  const tarball = join(work, info!.filename);
  const installed = join(work, 'installed');
  mkdirSync(installed);
  writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'scratch-consumer', private: true, type: 'module' }, null, 2));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', tarball], {
    cwd: installed,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  project.provide('pack', {
    work,
    tarball,
    installed,
    files: info!.files.map((file) => file.path).sort(),
    size: info!.size,
    unpackedSize: info!.unpackedSize,
  });
  return () => {
    if (!process.env.KEEP_PACK) rmSync(work, { recursive: true, force: true });
  };
}
