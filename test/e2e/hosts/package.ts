/**
 * The package as a host app gets it: `npm pack` of the built repository, unpacked into the app's
 * own `node_modules/redcliffe-case-study` (what `npm install <tarball>` puts there), so the app
 * resolves `redcliffe-case-study/react` and `/server` through the published `exports`, `files`
 * and `dist/`, never through src/. The app's other packages (react, next, vite) resolve from the
 * repository's node_modules by Node's usual walk up the folders; the handler's are bundled in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, paths, root } from '../../../demo/ensure-built.mjs';

export { paths, root };

/** The documentation the recipes are read from (docs/react.md, docs/server.md, …). */
export const doc = (name: string): string => path.join(root, 'docs', name);

/** Builds what is missing, packs the package and unpacks it into `<appDir>/node_modules/`. Returns the package folder. */
export async function installPackedPackage(appDir: string): Promise<string> {
  await ensureBuilt({ log: () => {} });
  const work = await mkdtemp(path.join(tmpdir(), 'rcs-host-pack-'));
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [info] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
    const target = path.join(appDir, 'node_modules', 'redcliffe-case-study');
    await rm(target, { recursive: true, force: true });
    await mkdir(target, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(work, info!.filename), '-C', target, '--strip-components=1']);
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The one-page PDF the package ships, or else the one the demo build writes. */
export function onePagerPdf(packageDir: string): string {
  const shipped = path.join(packageDir, 'dist', 'Leaflet_Case_Study_One_Pager.pdf');
  return existsSync(shipped) ? shipped : paths.pdf;
}

/** The first ```lang block after `marker` in docs/<file>: recipes are tested as written. */
export async function docBlock(file: string, marker: string, lang: string): Promise<string> {
  const text = await readFile(doc(file), 'utf8');
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/${file} has no ${JSON.stringify(marker)}`);
  const block = text.slice(at).match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'));
  if (!block) throw new Error(`docs/${file} has no \`\`\`${lang} block after ${JSON.stringify(marker)}`);
  return block[1]!;
}
