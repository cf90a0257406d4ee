const { createFrontendConfig } = require('@study/federation');

module.exports = createFrontendConfig({
  kind: 'remote',
  appDir: __dirname,
  name: 'mf_nardi',
  exposes: { './routes': './src/routes.tsx' },
});
