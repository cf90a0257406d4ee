// One jest run, five projects: fast unit tests, React component tests, integration tests
// against the real FerretDB/RabbitMQ/Redis, browser tests through the gateway, and fault runs
// (a broker, service or database failing while participants finish).
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const backends = '<rootDir>/{packages/*,svc-*,gateway,standins/*}/src/**';
const frontends = '<rootDir>/{packages/*,shell,mf-*}/src/**';
// Jest's node and jsdom environments, each noting every test's time against its limit for the
// summary `npm test` prints (packages/test-infra/src/timed-environment.js).
const node = '<rootDir>/packages/test-infra/src/timed-node-environment.js';
const jsdom = '<rootDir>/packages/test-infra/src/timed-jsdom-environment.js';
const common = {
  transform,
  moduleNameMapper: {
    '\\.css$': '<rootDir>/packages/test-infra/src/style-stub.js',
    '/video-assets$': '<rootDir>/packages/test-infra/src/video-assets-stub.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Copies of the sources made by the tests (earlier releases rebuilt for the version-skew tests).
  modulePathIgnorePatterns: ['<rootDir>/.test-artifacts/'],
  // Under --coverage: the sources, not the test helpers (tests themselves are never counted).
  coveragePathIgnorePatterns: ['/node_modules/', '/dist/', '/test-support/', '/testing/', '<rootDir>/packages/test-infra/', '<rootDir>/.test-artifacts/'],
};
// Coverage is counted for the unit and ui projects (scripts/lib/coverage.ts). The browser and fault
// runs test code running in a stack's own processes, which jest does not see; the integration
// project is left out too, so that its time stays as it was (its figures are yet to be measured).
const uncounted = { coveragePathIgnorePatterns: ['.*'] };

/** @type {import('jest').Config} */
module.exports = {
  // `npm run coverage` (or `npm test -- --coverage`) runs unit and ui with it, in a jest run apart
  // from the other projects (scripts/lib/test-plan.ts): V8's own counters (no instrumented copy of
  // the code), a text summary at the end of that run's output, the summary and lcov in coverage/.
  coverageProvider: 'v8',
  coverageDirectory: '<rootDir>/coverage',
  coverageReporters: ['text-summary', 'json-summary', 'lcovonly'],
  // Jest's own order, but the fault runs' broker scenario last (its private node boots meanwhile).
  testSequencer: '<rootDir>/e2e/support/fault-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testEnvironment: node, testMatch: [`${backends}/*.test.ts`, '<rootDir>/deploy/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/lint/*.test.ts'], testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '\\.deploy\\.test\\.ts$'] },
    {
      ...common,
      displayName: 'ui',
      testEnvironment: jsdom,
      testMatch: [`${frontends}/*.test.tsx`],
      setupFiles: ['<rootDir>/packages/ui/src/testing/jsdom-polyfills.ts'],
      setupFilesAfterEnv: ['<rootDir>/packages/test-infra/src/ui-timeout.js'],
    },
    {
      ...common,
      ...uncounted,
      displayName: 'integration',
      testEnvironment: node,
      setupFilesAfterEnv: ['<rootDir>/packages/test-infra/src/integration-timeout.js'],
      testMatch: [`${backends}/*.int.test.ts`],
      globalSetup: '<rootDir>/packages/test-infra/src/global-setup.js',
      globalTeardown: '<rootDir>/packages/test-infra/src/global-teardown.js',
    },
    {
      ...common,
      ...uncounted,
      displayName: 'e2e',
      testEnvironment: node,
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.js',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.js',
    },
    {
      // Fault runs: each scenario breaks a private stack of its own (fault-lab-setup.js) mid-burst.
      ...common,
      ...uncounted,
      displayName: 'fault',
      testEnvironment: node,
      testMatch: ['<rootDir>/e2e/faults/**/*.fault.test.ts'],
      globalSetup: '<rootDir>/e2e/support/fault-lab-setup.js',
      globalTeardown: '<rootDir>/e2e/support/fault-lab-teardown.js',
    },
    // The containerized system's smoke test: only `npm run deploy:check` runs it, against the
    // compose stack it brought up (E2E_BASE_URL).
    ...(process.env.DEPLOY_CHECK === '1'
      ? [{ ...common, ...uncounted, displayName: 'deploy', testEnvironment: node, testMatch: ['<rootDir>/deploy/**/*.deploy.test.ts'] }]
      : []),
  ],
};
