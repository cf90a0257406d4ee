import type { ComponentType } from 'react';

/** What the shell's routing needs to know about one remote (from /remotes.json). */
export interface RemoteRoutesInfo {
  name: string;
  paths: readonly string[];
}

/** How the shell gets remotes; main.tsx wires it to module federation, tests to plain functions. */
export interface RemotesSource {
  /** The deployment's list of remotes. */
  fetchRemotes(): Promise<RemoteRoutesInfo[]>;
  /** The component that renders a remote's <Routes>; rejects when the remote cannot be loaded. */
  loadRoutes(remoteName: string): Promise<ComponentType>;
}
