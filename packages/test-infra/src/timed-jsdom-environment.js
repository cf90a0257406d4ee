// Jest's jsdom environment, noting each test's time against its limit (timed-environment.js).
const { TestEnvironment } = require('jest-environment-jsdom');
const { timedEnvironment } = require('./timed-environment');

module.exports = timedEnvironment(TestEnvironment);
