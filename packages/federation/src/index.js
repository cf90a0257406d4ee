// @ts-check
// One webpack + module-federation config for the shell (host) and every remote, so that all five
// frontends agree on the shared singletons, the share strategy, the runtime and the output layout.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const webpack = require('webpack');

/** The version of an installed package, as every frontend builds against the same node_modules. */
function installedVersion(name) {
  // Found beside the package's entry point: some packages do not export their package.json.
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
  }
  throw new Error(`Cannot find the version of ${name}.`);
}

/**
 * Packages that must exist once per page: two copies of React (or of the router) would break hooks
 * and context between the shell and the remotes. The `react/` and `react-dom/` prefixes share the
 * deep imports too (react/jsx-runtime, react-dom/client).
 */
const SINGLETONS = [
  { key: 'react', versionFrom: 'react' },
  { key: 'react/', versionFrom: 'react' },
  { key: 'react-dom', versionFrom: 'react-dom' },
  { key: 'react-dom/', versionFrom: 'react-dom' },
];

/**
 * react-router-dom is shared as the client-side part of react-router that the frontends use
 * (shared/react-router-dom.mjs), not the whole package: see that file.
 */
/**
 * Third-party libraries that hold page-wide state, shared as singletons by the apps that depend on
 * them: TanStack Query keeps each QueryClient's cache and the React context that carries it, so
 * two copies on one page would not see each other's provider. A remote without the dependency
 * neither provides nor requires it.
 */
const LIBRARY_SINGLETONS = ['@tanstack/react-query'];

const ROUTER_MODULE = path.join(__dirname, 'shared', 'react-router-dom.mjs');
const ROUTER_PRODUCTION_BUILD = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
if (!fs.existsSync(ROUTER_PRODUCTION_BUILD)) throw new Error(`react-router's production build moved: ${ROUTER_PRODUCTION_BUILD} is missing.`);

/**
 * Workspace packages the remotes use, shared so each loads once per page.
 *
 * The client state is a singleton: it is one store (study ID, user data, notices) that the shell
 * and every remote read and write, so a remote must run against the page's copy or not at all.
 *
 * The others hold no state (schemas, components, question flows), so they are shared by version:
 * a remote requires at least the copy it was built with (`^<that version>`). A page whose copy
 * satisfies that gives it the page's copy; an older shell, whose copy may lack an export the
 * remote was built with, lets the remote load its own. One copy per page while the parts are
 * released together; two, never a crash, while they are not.
 *
 * zod is not shared by itself: a shared package is bundled whole (any remote may use any of it),
 * and the whole of zod is twice the part the contracts use. The frontends use zod only through
 * @study/contracts (the federation config test checks this), so sharing the contracts, with the
 * part of zod they use inside, loads zod once per page too.
 */
const WORKSPACE_SINGLETONS = ['@study/client-state', '@study/error-reporting'];
const WORKSPACE_BY_VERSION = ['@study/contracts', '@study/ui', '@study/question-flow'];
/**
 * Shared by every frontend whether or not its package.json lists them, so none bundles a second copy by accident.
 * The error reporting is one client per page, set up by the shell: a remote that imports it gets that one.
 */
const ALWAYS_SHARED = ['@study/client-state', '@study/contracts', '@study/error-reporting'];

/**
 * What the shell's landing page needs before it can paint: the shell bundles these into its
 * entry (eager) instead of fetching each from the share scope after its entry has run.
 */
const EAGER_IN_HOST = new Set(['react', 'react/', 'react-dom', 'react-dom/', 'react-router-dom', '@study/client-state', '@study/contracts', '@study/ui', '@study/error-reporting']);

/**
 * strictVersion: a remote whose declared range the page's copy does not satisfy is refused when it
 * loads (the shell shows its fallback) instead of running against a copy it was not built for.
 *
 * @typedef {{ singleton: boolean, strictVersion: true, requiredVersion: string, version?: string, import?: string, eager?: boolean }} SharedSingleton
 */

/**
 * @param {Record<string, string>} dependencies the app's package.json dependencies
 * @param {{ eager?: boolean }} [options] eager: bundle what the landing page needs into the entry (the host)
 * @returns {Record<string, SharedSingleton>}
 */
function sharedSingletons(dependencies, { eager = false } = {}) {
  /** @type {Record<string, SharedSingleton>} */
  const shared = {};
  for (const { key, versionFrom } of SINGLETONS) {
    const requiredVersion = dependencies[versionFrom];
    if (!requiredVersion) throw new Error(`The app must depend on ${versionFrom} to share ${key}.`);
    shared[key] = { singleton: true, strictVersion: true, requiredVersion };
  }
  const routerRange = dependencies['react-router-dom'];
  if (!routerRange) throw new Error('The app must depend on react-router-dom to share it.');
  shared['react-router-dom'] = { singleton: true, strictVersion: true, requiredVersion: routerRange, version: installedVersion('react-router-dom'), import: ROUTER_MODULE };

  for (const name of LIBRARY_SINGLETONS) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) continue;
    shared[name] = { singleton: true, strictVersion: true, requiredVersion, version: installedVersion(name) };
  }

  for (const name of WORKSPACE_SINGLETONS) {
    if (!dependencies[name] && !ALWAYS_SHARED.includes(name)) continue;
    // The version provided is the workspace copy this app is built with; the range required is
    // the one the app's package.json declares (kept by the changesets), or, for a package shared
    // with every frontend that this one does not list, the copy it was built with.
    const version = installedVersion(name);
    shared[name] = { singleton: true, strictVersion: true, version, requiredVersion: dependencies[name] ?? `^${version}` };
  }
  for (const name of WORKSPACE_BY_VERSION) {
    if (!dependencies[name] && !ALWAYS_SHARED.includes(name)) continue;
    const version = installedVersion(name);
    shared[name] = { singleton: false, strictVersion: true, version, requiredVersion: `^${version}` };
  }
  if (eager) for (const key of Object.keys(shared)) if (EAGER_IN_HOST.has(key)) shared[key].eager = true;
  return shared;
}

/**
 * The runtime plugin behind the host's `experiments.provideExternalRuntime`: it hands the shell's
 * federation runtime to the remotes (built with `externalRuntime`). Named here by its ES module
 * file: the experiment names its CommonJS build, which would bundle a second copy of the runtime
 * beside the ES module one the rest of the shell uses.
 */
const PROVIDE_RUNTIME_PLUGIN = (() => {
  const name = '@module-federation/inject-external-runtime-core-plugin';
  const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const file = path.join(path.dirname(require.resolve(name, { paths: [enhancedDir] })), 'index.js');
  if (!fs.existsSync(file)) throw new Error(`${name} has no ES module build at ${file}.`);
  return file;
})();

/** Text files the server may answer compressed: each gets a .br and a .gz beside it at build time. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/** Brotli and gzip copies at the highest levels (built once, served many times); originals stay. */
function precompressionPlugins() {
  // minRatio 1: a file that does not get smaller (a few tiny ones) is served as it is.
  const common = { test: COMPRESSIBLE, threshold: 0, minRatio: 1, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].br', algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } } }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION } }),
  ];
}

/**
 * @typedef {object} HostOptions
 * @property {'host'} kind
 * @property {string} appDir absolute path of the app (its package.json and src/ live there)
 * @property {string} name federation name, e.g. 'shell'
 * @property {string} entry entry module relative to appDir, e.g. './src/main.tsx'
 * @property {string} htmlTemplate HTML template relative to appDir
 *
 * @typedef {object} RemoteOptions
 * @property {'remote'} kind
 * @property {string} appDir
 * @property {string} name federation name, e.g. 'mf_consent'
 * @property {Record<string, string>} exposes e.g. { './routes': './src/routes.tsx' }
 */

/**
 * Builds the webpack config function for one frontend. Use it as the whole webpack.config.js:
 * `module.exports = createFrontendConfig({ ... })`; `webpack --mode production|development` picks the mode.
 *
 * @param {HostOptions | RemoteOptions} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createFrontendConfig(options) {
  const { appDir, name } = options;
  const pkg = require(path.join(appDir, 'package.json'));
  const isHost = options.kind === 'host';

  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const production = mode === 'production';
    return {
      mode,
      context: appDir,
      // Every browser the study supports runs ES2022, the level the TypeScript is compiled to.
      target: ['web', 'es2022'],
      // A remote has no page of its own: webpack only emits its container (remoteEntry.js),
      // the exposed modules and mf-manifest.json.
      entry: isHost ? { main: options.entry } : {},
      // Production maps are written beside the files for reading stack traces, but not linked
      // from them, so a browser never downloads them.
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        // The shell answers every deep link (/survey/...) with index.html, so its assets need an
        // absolute base; remotes are served under a prefix chosen by the deployment (/mf/<name>/).
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].[contenthash:8].js',
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // react-router's package points bundlers at its development build; production gets the production one.
        alias: production ? { 'react-router$': ROUTER_PRODUCTION_BUILD } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader'),
              options: {
                // Type errors are the job of `tsc --noEmit` at the root; the bundle only needs JS.
                transpileOnly: true,
                configFile: path.resolve(__dirname, '../../../tsconfig.base.json'),
                compilerOptions: { noEmit: false, sourceMap: true, module: 'esnext' },
              },
            },
          },
          {
            test: /\.css$/,
            use: [require.resolve('style-loader'), require.resolve('css-loader')],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(isHost ? { runtimePlugins: [PROVIDE_RUNTIME_PLUGIN] } : { exposes: options.exposes }),
          shared: sharedSingletons(pkg.dependencies ?? {}, { eager: isHost }),
          // Use whatever copy of a shared package is already on the page (the shell's) rather than
          // fetching a newer one from a remote.
          shareStrategy: 'loaded-first',
          experiments: {
            // Startup waits for the shared scope, so no bootstrap/dynamic-import split is needed.
            asyncStartup: true,
            // The federation runtime ships once, in the shell, which hands it to every remote
            // (a remote therefore runs only inside the shell, which is the only way it is used).
            ...(isHost ? {} : { externalRuntime: true }),
            // Browser only: leaves the runtime's Node.js loading code out.
            optimization: { target: 'web' },
          },
          manifest: true,
          dts: false,
        }),
        // The build's release, as `npm run release` tags it (<package name>@<version>): error reports name it.
        new webpack.DefinePlugin({ 'process.env.STUDY_RELEASE': JSON.stringify(`${pkg.name}@${pkg.version}`) }),
        ...(isHost
          ? [new HtmlWebpackPlugin({ template: options.htmlTemplate, scriptLoading: 'defer' })]
          : []),
        ...(production ? precompressionPlugins() : []),
      ],
      performance: {
        // React DOM alone is ~190 KB minified; warn only when a single file gets far beyond that.
        maxAssetSize: 400 * 1024,
        maxEntrypointSize: 600 * 1024,
        assetFilter: (file) => /\.(js|css)$/.test(file),
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFrontendConfig, sharedSingletons, SINGLETONS, LIBRARY_SINGLETONS, WORKSPACE_SINGLETONS, WORKSPACE_BY_VERSION, ROUTER_MODULE, PROVIDE_RUNTIME_PLUGIN, COMPRESSIBLE };
