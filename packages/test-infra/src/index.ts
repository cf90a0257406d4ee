export { testEnv, uniqueName } from './test-env';
export { startPrivateFerretDb, type PrivateFerretDb } from './private-ferretdb';
export { TcpProxy } from './tcp-proxy';
export { freePort } from './free-port';
