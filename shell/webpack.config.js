const { createFrontendConfig } = require('@study/federation');

module.exports = createFrontendConfig({
  kind: 'host',
  appDir: __dirname,
  name: 'shell',
  entry: './src/main.tsx',
  htmlTemplate: './src/index.html',
});
