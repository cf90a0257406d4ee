// The build config every frontend uses: one federation runtime (the shell's), the page-wide
// packages shared as singletons, and the router and zod each loaded once per page.
import fs from 'node:fs';
import path from 'node:path';

interface FederationPlugin {
  name: string;
  _options: {
    name: string;
    shared: Record<string, { singleton?: boolean; strictVersion?: boolean; eager?: boolean; import?: string; version?: string; requiredVersion?: string }>;
    shareStrategy?: string;
    exposes?: Record<string, string>;
    runtimePlugins?: string[];
    experiments?: { asyncStartup?: boolean; externalRuntime?: boolean; provideExternalRuntime?: boolean };
  };
}
interface CompressionPluginLike {
  constructor: { name: string };
  options: { algorithm: string; filename: string; test: RegExp };
}
interface WebpackConfig {
  devtool: string | false;
  plugins: unknown[];
}
interface FederationModule {
  ROUTER_MODULE: string;
  PROVIDE_RUNTIME_PLUGIN: string;
  COMPRESSIBLE: RegExp;
  WORKSPACE_BY_VERSION: string[];
}

const root = path.resolve(__dirname, '../../..');
const federation = require('./index') as FederationModule;
const HOST = 'shell';
const REMOTES = ['mf-consent', 'mf-dashboard', 'mf-nardi', 'mf-admin'];

function productionConfig(app: string): WebpackConfig {
  const createConfig = require(path.join(root, app, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => WebpackConfig;
  return createConfig({}, { mode: 'production' });
}

function federationPlugin(config: WebpackConfig): FederationPlugin {
  const plugin = config.plugins.find((p): p is FederationPlugin => (p as FederationPlugin)?.name === 'ModuleFederationPlugin');
  if (!plugin) throw new Error('no ModuleFederationPlugin in the config');
  return plugin;
}

/** Every production source file of the frontends and the packages they bundle. */
function frontendSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}test-support${path.sep}`)) files.push(full);
    }
  };
  for (const dir of [HOST, ...REMOTES, 'packages/client-state', 'packages/ui', 'packages/question-flow', 'packages/navigation', 'packages/api-client', 'packages/query-provider', 'packages/error-reporting']) walk(path.join(root, dir, 'src'));
  return files;
}

function namedImports(source: string, from: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${from}'`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue; // type-only imports leave nothing in the bundle
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

describe.each([HOST, ...REMOTES])('the %s build', (app) => {
  const config = productionConfig(app);
  const { _options: options } = federationPlugin(config);

  test('shares React, React DOM (deep imports too), the router and the client state as singletons, the contracts by version', () => {
    for (const key of ['react', 'react/', 'react-dom', 'react-dom/', 'react-router-dom', '@study/client-state']) {
      expect({ key, singleton: options.shared[key]?.singleton }).toEqual({ key, singleton: true });
    }
    expect(options.shared['@study/contracts']?.singleton).toBe(false);
    // Never the whole router package, and zod only inside the shared contracts.
    expect(options.shared['react-router']).toBeUndefined();
    expect(options.shared.zod).toBeUndefined();
    expect(options.shared['react-router-dom']?.import).toBe(federation.ROUTER_MODULE);
  });

  test('requires of every singleton the range its package.json declares, and of a stateless package the copy it was built with, strictly', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const [key, shared] of Object.entries(options.shared)) {
      const declared = pkg.dependencies[key.replace(/\/$/, '')];
      expect({ key, strictVersion: shared.strictVersion }).toEqual({ key, strictVersion: true });
      // A remote built with a newer contracts (say, a new schema) must not run on an older
      // shell's copy, which lacks it: it loads its own instead.
      if (federation.WORKSPACE_BY_VERSION.includes(key)) expect({ key, requiredVersion: shared.requiredVersion }).toEqual({ key, requiredVersion: `^${shared.version}` });
      else if (declared) expect({ key, requiredVersion: shared.requiredVersion }).toEqual({ key, requiredVersion: declared });
      else expect({ key, requiredVersion: shared.requiredVersion }).toEqual({ key, requiredVersion: `^${shared.version}` });
    }
  });

  test('shares the error reporting as a singleton, so the shell sets up the one client every remote reports through', () => {
    expect(options.shared['@study/error-reporting']).toMatchObject({ singleton: true, strictVersion: true });
    // Not Sentry itself: a shared package is bundled whole, and the reporting uses a small part of it.
    expect(Object.keys(options.shared).filter((key) => key.startsWith('@sentry/'))).toEqual([]);
  });

  test('names its release, <package name>@<version>, for the error reports', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { name: string; version: string };
    const define = config.plugins.find((p): p is { definitions: Record<string, string> } => (p as { constructor?: { name?: string } })?.constructor?.name === 'DefinePlugin');
    expect(define?.definitions['process.env.STUDY_RELEASE']).toBe(JSON.stringify(`${pkg.name}@${pkg.version}`));
  });

  test('reuses what is already on the page and starts asynchronously', () => {
    expect(options.shareStrategy).toBe('loaded-first');
    expect(options.experiments?.asyncStartup).toBe(true);
  });

  test('writes brotli and gzip copies of its text files, and no source map link into them', () => {
    const compression = config.plugins.filter((p): p is CompressionPluginLike => (p as CompressionPluginLike)?.constructor?.name === 'CompressionPlugin');
    expect(compression.map((p) => [p.options.algorithm, p.options.filename]).sort()).toEqual([
      ['brotliCompress', '[path][base].br'],
      ['gzip', '[path][base].gz'],
    ]);
    for (const file of ['main.1a2b3c4d.js', 'styles.css', 'index.html', 'mf-manifest.json', 'logo.svg', 'a.js.LICENSE.txt']) expect(federation.COMPRESSIBLE.test(file)).toBe(true);
    expect(federation.COMPRESSIBLE.test('main.1a2b3c4d.js.map')).toBe(false);
    expect(config.devtool).toBe('hidden-source-map');
  });
});

test('the shell provides the one federation runtime and bundles what the landing page needs', () => {
  const { _options: options } = federationPlugin(productionConfig(HOST));
  expect(options.runtimePlugins).toContain(federation.PROVIDE_RUNTIME_PLUGIN);
  expect(fs.existsSync(federation.PROVIDE_RUNTIME_PLUGIN)).toBe(true);
  expect(federation.PROVIDE_RUNTIME_PLUGIN).toMatch(/\.js$/); // the ES module build, not index.cjs
  for (const key of ['react', 'react-dom/', 'react-router-dom', '@study/client-state', '@study/error-reporting']) expect({ key, eager: options.shared[key]?.eager }).toEqual({ key, eager: true });
});

test.each(REMOTES)('%s shares TanStack Query as a singleton, strictly, in the range its package.json declares', (app) => {
  const { _options: options } = federationPlugin(productionConfig(app));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const declared = pkg.dependencies['@tanstack/react-query'];
  expect(declared).toBeDefined();
  expect(options.shared['@tanstack/react-query']).toMatchObject({ singleton: true, strictVersion: true, requiredVersion: declared });
  expect(options.shared['@tanstack/react-query']?.eager).toBeFalsy();
});

test.each(REMOTES)('%s bundles its query provider (it holds no state: the client lives in its React state, the cache in the shared TanStack Query)', (app) => {
  const { _options: options } = federationPlugin(productionConfig(app));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(pkg.dependencies['@study/query-provider']).toBeDefined();
  expect(options.shared['@study/query-provider']).toBeUndefined();
});

test('the frontends import TanStack Query only from @tanstack/react-query, the shared entry', () => {
  const deep = frontendSources().filter((file) => /from\s+'@tanstack\/(query-core|react-query\/)/.test(fs.readFileSync(file, 'utf8').replace(/import\s+type\s+[^;]*;/g, '')));
  expect(deep.map((file) => path.relative(root, file))).toEqual([]);
});

test.each(REMOTES)('%s uses the shell’s federation runtime and exposes its routes', (app) => {
  const { _options: options } = federationPlugin(productionConfig(app));
  expect(options.experiments?.externalRuntime).toBe(true);
  expect(Object.keys(options.exposes ?? {})).toEqual(['./routes']);
  for (const shared of Object.values(options.shared)) expect(shared.eager).toBeFalsy();
});

test('every router name the frontends import is in the shared router module', () => {
  const shared = fs.readFileSync(federation.ROUTER_MODULE, 'utf8');
  const exported = new Set(
    (shared.match(/export\s*\{([^}]*)\}/)?.[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
  const missing = frontendSources().flatMap((file) =>
    namedImports(fs.readFileSync(file, 'utf8'), 'react-router-dom')
      .filter((name) => !exported.has(name))
      .map((name) => `${path.relative(root, file)}: ${name}`),
  );
  expect(missing).toEqual([]);
});

test('the frontends use zod only through @study/contracts', () => {
  const direct = frontendSources().filter((file) => /from\s+'zod(\/[^']*)?'/.test(fs.readFileSync(file, 'utf8').replace(/import\s+type\s+[^;]*;/g, '')));
  expect(direct.map((file) => path.relative(root, file))).toEqual([]);
});
