// Jest's node environment, noting each test's time against its limit (timed-environment.js).
const { TestEnvironment } = require('jest-environment-node');
const { timedEnvironment } = require('./timed-environment');

module.exports = timedEnvironment(TestEnvironment);
