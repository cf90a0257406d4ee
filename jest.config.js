// One jest run, four projects: fast unit tests, React component tests, integration tests
// against the real FerretDB/RabbitMQ/Redis, and browser tests through the gateway.
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const backends = '<rootDir>/{packages/*,svc-*,gateway,standins/*}/src/**';
const frontends = '<rootDir>/{packages/*,shell,mf-*}/src/**';
const common = {
  transform,
  moduleNameMapper: {
    '\\.css$': '<rootDir>/packages/test-infra/src/style-stub.js',
    '/video-assets$': '<rootDir>/packages/test-infra/src/video-assets-stub.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: [`${backends}/*.test.ts`], testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$'] },
    { ...common, displayName: 'ui', testEnvironment: 'jsdom', testMatch: [`${frontends}/*.test.tsx`], setupFiles: ['<rootDir>/packages/ui/src/testing/jsdom-polyfills.ts'] },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: [`${backends}/*.int.test.ts`],
      globalSetup: '<rootDir>/packages/test-infra/src/global-setup.js',
      globalTeardown: '<rootDir>/packages/test-infra/src/global-teardown.js',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.js',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.js',
    },
  ],
};
