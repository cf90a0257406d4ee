// @ts-check
// One webpack + module-federation config for the shell (host) and every remote, so that all five
// frontends agree on the shared singletons, the share strategy and the output layout.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Packages that must exist once per page: two copies of React (or of the router) would break hooks
 * and context between the shell and the remotes. The `react/` and `react-dom/` prefixes share the
 * deep imports too (react/jsx-runtime, react-dom/client). react-router-dom re-exports react-router,
 * so both are shared and take their version range from react-router-dom.
 */
const SINGLETONS = [
  { key: 'react', versionFrom: 'react' },
  { key: 'react/', versionFrom: 'react' },
  { key: 'react-dom', versionFrom: 'react-dom' },
  { key: 'react-dom/', versionFrom: 'react-dom' },
  { key: 'react-router-dom', versionFrom: 'react-router-dom' },
  { key: 'react-router', versionFrom: 'react-router-dom' },
];

/**
 * Workspace packages that hold page-wide state and so must also exist once per page: the
 * participant's client state (study ID, user data, notices) is one store that the shell and
 * every remote read and write. Shared by every frontend whether or not its package.json lists
 * the package yet, so a remote that starts using it can never bundle a second store by accident.
 */
const WORKSPACE_SINGLETONS = ['@study/client-state'];

/**
 * @typedef {{ singleton: true, requiredVersion: string, version?: string }} SharedSingleton
 */

/**
 * @param {Record<string, string>} dependencies the app's package.json dependencies
 * @returns {Record<string, SharedSingleton>}
 */
function sharedSingletons(dependencies) {
  /** @type {Record<string, SharedSingleton>} */
  const shared = {};
  for (const { key, versionFrom } of SINGLETONS) {
    const requiredVersion = dependencies[versionFrom];
    if (!requiredVersion) throw new Error(`The app must depend on ${versionFrom} to share ${key}.`);
    shared[key] = { singleton: true, requiredVersion };
  }
  for (const name of WORKSPACE_SINGLETONS) {
    // The version comes from the package itself (the workspace copy every app builds against).
    const { version } = require(`${name}/package.json`);
    shared[name] = { singleton: true, version, requiredVersion: `^${version}` };
  }
  return shared;
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
    return {
      mode,
      context: appDir,
      // A remote has no page of its own: webpack only emits its container (remoteEntry.js),
      // the exposed modules and mf-manifest.json.
      entry: isHost ? { main: options.entry } : {},
      devtool: mode === 'production' ? 'source-map' : 'cheap-module-source-map',
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
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
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
          ...(isHost ? {} : { exposes: options.exposes }),
          shared: sharedSingletons(pkg.dependencies ?? {}),
          // Use whatever copy of a shared package is already on the page (the shell's) rather than
          // fetching a newer one from a remote.
          shareStrategy: 'loaded-first',
          // Startup waits for the shared scope, so no bootstrap/dynamic-import split is needed.
          experiments: { asyncStartup: true },
          manifest: true,
          dts: false,
        }),
        ...(isHost
          ? [new HtmlWebpackPlugin({ template: options.htmlTemplate, scriptLoading: 'defer' })]
          : []),
      ],
      performance: {
        // React DOM alone is ~190 KB minified; warn only when a single file gets far beyond that.
        maxAssetSize: 400 * 1024,
        maxEntrypointSize: 600 * 1024,
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFrontendConfig, sharedSingletons, SINGLETONS, WORKSPACE_SINGLETONS };
