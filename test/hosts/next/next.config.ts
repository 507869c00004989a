import path from 'node:path';
import type { NextConfig } from 'next';

// The repository root: this app's packages (next, react, the handler's dependencies) live in its
// node_modules, and the package under test in ./node_modules (unpacked from `npm pack`).
const repository = path.resolve(process.cwd(), '../../..');

const nextConfig: NextConfig = {
  // Stricter than the default: route segment config such as `export const runtime` is refused.
  cacheComponents: true,
  turbopack: { root: repository },
  outputFileTracingRoot: repository,
};

export default nextConfig;
