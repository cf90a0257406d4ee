export { RemoteSwitch } from './components/RemoteSwitch';
export { RemoteArea } from './components/RemoteArea';
export { RemoteFallback } from './components/RemoteFallback';
export { useRemotes, type Remotes, type RemoteListState } from './use-remotes';
export { findRemoteForPath } from './remote-ownership';
export type { RemoteRoutesInfo, RemotesSource } from './types';
