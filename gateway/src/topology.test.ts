import { REMOTES, SERVICES, servedManifestPath } from './topology';

describe('the gateway topology', () => {
  it('mounts each remote under /mf/ by its folder name and serves its manifest there', () => {
    for (const remote of REMOTES) {
      expect(remote.mountPath).toBe(`/mf/${remote.folder.replace(/^mf-/, '')}/`);
      expect(servedManifestPath(remote)).toBe(`${remote.mountPath}mf-manifest.json`);
    }
  });

  it('gives every remote its own paths and variables', () => {
    const paths = REMOTES.flatMap((remote) => remote.paths);
    expect(new Set(paths).size).toBe(paths.length);
    const variables = [...REMOTES.flatMap((remote) => [remote.entryVariable, remote.upstreamVariable]), ...SERVICES.map((service) => service.urlVariable)];
    expect(new Set(variables).size).toBe(variables.length);
  });
});
