// For tests and scripts that run the stand-in in-process (e.g. the browser tests' global setup).
export { createOpenHumansStandin, type OpenHumansStandin, type StandinOptions } from './app';
export { ConfigError, loadConfig, type StandinConfig } from './config';
export { DATA_SOURCES, type DataSource } from './members/sources';
export { SIGNATURE_HEADER, signBody } from './webhooks/deauth-webhook';
