/**
 * Fixtures for tests of code that uses the domain rules (services, frontends): a fixed set of
 * Nardi part-one answers with its hand-worked results. Not for production code.
 */
export * from './nardi/sample-answers.fixture';
