// The only part of the shell that knows about module federation. Everything else receives plain
// functions (load the remote list, load a remote's routes) and stays testable without it.
export {
  fetchRemotesConfig,
  parseRemotesConfig,
  RemotesConfigError,
  REMOTES_CONFIG_URL,
  type RemoteDescriptor,
} from './remotes-config';
export { connectRemotes, loadRemoteRoutes, RemoteLoadError } from './runtime';
