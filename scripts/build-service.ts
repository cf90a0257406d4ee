// Bundles one service (run from its folder: `npm run build`) into dist/main.js: src/main.ts
// and the @study/* workspace packages it uses go into the bundle; every other package stays
// an external require, installed beside the bundle from the service's package.json.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { build, type Plugin } from 'esbuild';

/** The fields of the service's package.json this build reads. */
interface ServiceManifest {
  name: string;
  dependencies?: Record<string, string>;
}

function readManifest(file: string): ServiceManifest {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { name?: unknown }).name !== 'string') throw new Error(`${file} has no name`);
  return parsed as ServiceManifest;
}

const serviceDir = process.cwd();
const pkg = readManifest(path.join(serviceDir, 'package.json'));
const entry = path.join(serviceDir, 'src', 'main.ts');
const outfile = path.join(serviceDir, 'dist', 'main.js');

if (!fs.existsSync(entry)) {
  console.error(`${pkg.name}: no src/main.ts to build`);
  process.exit(1);
}

const WORKSPACE_SCOPE = '@study/';
const builtins = new Set<string>(builtinModules);
const packageName = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec));

// Bare imports outside the workspace scope stay external.
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(path.join(serviceDir, 'dist'), { recursive: true, force: true });

const result = await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [externalDependencies],
});
if (result.errors.length > 0) process.exit(1);

// What the bundle still requires after tree shaking (not every import that was resolved).
const externals = new Set<string>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: spec, external } of output.imports) {
    if (!external || spec.startsWith('node:')) continue;
    const name = packageName(spec);
    if (!builtins.has(name)) externals.add(name);
  }
}

// A package the bundle requires but the service does not declare would be missing from its
// deployed image even though the workspace (with hoisted node_modules) runs fine.
const declared = new Set(Object.keys(pkg.dependencies ?? {}));
const undeclared = [...externals].filter((name) => !declared.has(name)).sort();
if (undeclared.length > 0) {
  console.warn(`${pkg.name}: the bundle requires packages not listed in its dependencies: ${undeclared.join(', ')}`);
}
const size = fs.statSync(outfile).size;
console.log(`${pkg.name}: ${path.relative(serviceDir, outfile)} (${(size / 1024).toFixed(0)} KiB; external: ${[...externals].sort().join(', ') || 'none'})`);
