// Bundles one service (run from its folder: `npm run build`) into dist/main.js: src/main.ts
// and the @study/* workspace packages it uses go into the bundle; every other package stays
// an external require, installed beside the bundle from the service's package.json. A service's
// bench commands (src/entry-points/bench-<name>/main.ts: the bench stores its burst participants
// and measures the PDF renderer with them) are bundled the same way into bench/dist/bench-<name>.js,
// apart from dist/: the image copies dist/ only, so no deployment holds them.
// `npm run dev` watches a service with the same options (serviceBundleOptions). This file imports
// nothing of the repository's: an image build copies it alone.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

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

/** esbuild's options for bundling `entryPoint` into `outfile`: the build's, and `npm run dev`'s watch. */
export function serviceBundleOptions(entryPoint: string, outfile: string): BuildOptions & { metafile: true } {
  return {
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [externalDependencies],
  };
}

/** Bundles `entryPoint` into `out`; answers what the bundle still requires after tree shaking (not every import that was resolved), or undefined when it failed. */
async function bundle(entryPoint: string, out: string): Promise<Set<string> | undefined> {
  const result = await build(serviceBundleOptions(entryPoint, out));
  return result.errors.length > 0 ? undefined : externalsOf(result.metafile);
}

function externalsOf(metafile: Metafile): Set<string> {
  const externals = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: spec, external } of output.imports) {
      if (!external || spec.startsWith('node:')) continue;
      const name = packageName(spec);
      if (!builtins.has(name)) externals.add(name);
    }
  }
  return externals;
}

/** The build of the service in `serviceDir`; exits 1 when it fails. */
async function buildService(serviceDir: string): Promise<void> {
  const pkg = readManifest(path.join(serviceDir, 'package.json'));
  const entry = path.join(serviceDir, 'src', 'main.ts');
  const outfile = path.join(serviceDir, 'dist', 'main.js');
  const entryPointsDir = path.join(serviceDir, 'src', 'entry-points');
  const benchDir = path.join(serviceDir, 'bench', 'dist');
  /** The service's bench commands: each src/entry-points/bench-<name>/main.ts. */
  const benchCommands = fs.existsSync(entryPointsDir)
    ? fs.readdirSync(entryPointsDir).filter((name) => name.startsWith('bench-') && fs.existsSync(path.join(entryPointsDir, name, 'main.ts'))).sort()
    : [];

  if (!fs.existsSync(entry)) {
    console.error(`${pkg.name}: no src/main.ts to build`);
    process.exit(1);
  }

  fs.rmSync(path.join(serviceDir, 'dist'), { recursive: true, force: true });
  fs.rmSync(benchDir, { recursive: true, force: true });

  const externals = await bundle(entry, outfile);
  if (!externals) process.exit(1);

  // A package the bundle requires but the service does not declare would be missing from its
  // deployed image even though the workspace (with hoisted node_modules) runs fine.
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const undeclared = [...externals].filter((name) => !declared.has(name)).sort();
  if (undeclared.length > 0) {
    console.warn(`${pkg.name}: the bundle requires packages not listed in its dependencies: ${undeclared.join(', ')}`);
  }
  const size = fs.statSync(outfile).size;
  console.log(`${pkg.name}: ${path.relative(serviceDir, outfile)} (${(size / 1024).toFixed(0)} KiB; external: ${[...externals].sort().join(', ') || 'none'})`);

  // The operator's commands (src/entry-points/<name>-command/main.ts) go beside the service, into its image: dist/<name>.js.
  const operatorCommands = fs.existsSync(entryPointsDir)
    ? fs.readdirSync(entryPointsDir).filter((name) => name.endsWith('-command') && fs.existsSync(path.join(entryPointsDir, name, 'main.ts'))).sort()
    : [];
  for (const command of operatorCommands) {
    const commandOutfile = path.join(path.dirname(outfile), `${command.slice(0, -'-command'.length)}.js`);
    const commandExternals = await bundle(path.join(entryPointsDir, command, 'main.ts'), commandOutfile);
    if (!commandExternals) process.exit(1);
    console.log(`${pkg.name}: ${path.relative(serviceDir, commandOutfile)} (${(fs.statSync(commandOutfile).size / 1024).toFixed(0)} KiB; external: ${[...commandExternals].sort().join(', ') || 'none'})`);
  }

  // The bench commands run only in the workspace (its node_modules), never from an image.
  for (const command of benchCommands) {
    const benchOutfile = path.join(benchDir, `${command}.js`);
    const benchExternals = await bundle(path.join(entryPointsDir, command, 'main.ts'), benchOutfile);
    if (!benchExternals) process.exit(1);
    const benchSize = fs.statSync(benchOutfile).size;
    console.log(`${pkg.name}: ${path.relative(serviceDir, benchOutfile)} (${(benchSize / 1024).toFixed(0)} KiB; external: ${[...benchExternals].sort().join(', ') || 'none'})`);
  }
}

// Run as a command (tsx ../scripts/build-service.ts from the service's folder), not when imported.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildService(process.cwd());
