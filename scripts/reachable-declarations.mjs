/**
 * The declaration files a package's public entries reach through relative imports: everything
 * else is an internal's declaration and is not published (rollup.config.mjs for the element,
 * scripts/build-server.mjs for the server).
 *
 * @param {string[]} entries  paths of the public .d.ts files
 * @param {(file: string) => string | undefined} read  a declaration's text, or undefined when absent
 * @returns {Set<string>} the paths reached, entries included (posix, relative like the entries)
 */
export function reachableDeclarations(entries, read) {
  const importRe = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  const reached = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    const text = read(file);
    if (text === undefined) throw new Error(`declaration ${file} is imported but was not emitted`);
    reached.add(file);
    for (const [, spec] of text.matchAll(importRe)) {
      queue.push(new URL(spec.replace(/\.js$/, '.d.ts'), `file:///${file}`).pathname.slice(1));
    }
  }
  return reached;
}
