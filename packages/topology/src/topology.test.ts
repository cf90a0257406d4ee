import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE } from '@study/navigation';
import {
  EMBEDDED_DATABASE,
  FRONTEND_FOLDERS,
  GATEWAY,
  OPEN_HUMANS_STANDIN,
  REMOTES,
  SERVICES,
  STANDINS,
  TYPEFINDER_STANDIN,
  embeddedOrigin,
  embeddedServiceOrigin,
  servedManifestPath,
  serviceConfigDefaults,
  serviceNamed,
} from './index';

describe('the local topology', () => {
  it('mounts each remote under /mf/ by its folder name and serves its manifest there', () => {
    for (const remote of REMOTES) {
      expect(remote.mountPath).toBe(`/mf/${remote.folder.replace(/^mf-/, '')}/`);
      expect(servedManifestPath(remote)).toBe(`${remote.mountPath}mf-manifest.json`);
    }
  });

  it('takes the remotes\' names and owned paths from the navigation tables, in the shell\'s order', () => {
    expect(REMOTES.map((remote) => [remote.name, remote.paths])).toEqual([CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE, ADMIN_REMOTE].map((remote) => [remote.name, remote.paths]));
  });

  it('gives every remote its own paths and variables', () => {
    const paths = REMOTES.flatMap((remote) => remote.paths);
    expect(new Set(paths).size).toBe(paths.length);
    const variables = [...REMOTES.flatMap((remote) => [remote.entryVariable, remote.upstreamVariable]), ...SERVICES.map((service) => service.urlVariable)];
    expect(new Set(variables).size).toBe(variables.length);
  });

  it('gives every part of the embedded stack its own port and folder', () => {
    const ports = [GATEWAY.embeddedPort, ...SERVICES.map((service) => service.embeddedPort), ...STANDINS.map((standin) => standin.embeddedPort), EMBEDDED_DATABASE.ferretPort];
    expect(new Set(ports).size).toBe(ports.length);
    const folders = [GATEWAY.folder, ...SERVICES.map((service) => service.folder), ...STANDINS.map((standin) => standin.folder), ...FRONTEND_FOLDERS];
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('names each service\'s folder, database and queue after it', () => {
    for (const service of SERVICES) {
      expect(service.folder).toBe(`svc-${service.name}`);
      expect(service.queue).toBe(`svc-${service.name}`);
      expect(service.database).toBe(service.name);
      expect(service.urlVariable).toBe(`${service.name.toUpperCase()}_URL`);
    }
  });

  it('derives the embedded origins from the ports', () => {
    expect(SERVICES.map(embeddedServiceOrigin)).toEqual(['http://127.0.0.1:4101', 'http://127.0.0.1:4102', 'http://127.0.0.1:4103']);
    expect(embeddedOrigin(OPEN_HUMANS_STANDIN.embeddedPort)).toBe('http://127.0.0.1:4201');
    expect(embeddedOrigin(TYPEFINDER_STANDIN.embeddedPort, 'localhost')).toBe('http://localhost:4202');
  });

  it('lists the shell first, then each remote\'s folder', () => {
    expect(FRONTEND_FOLDERS).toEqual(['shell', 'mf-consent', 'mf-dashboard', 'mf-nardi', 'mf-admin']);
  });

  it('finds a service by its name', () => {
    expect(serviceNamed('scoring').embeddedPort).toBe(4102);
    expect(() => serviceNamed('billing' as never)).toThrow('no service named billing');
  });

  it("gives each service's settings their embedded defaults", () => {
    expect(serviceConfigDefaults('participants')).toEqual({ port: 4101, mongoDb: 'participants', queue: 'svc-participants' });
    expect(serviceConfigDefaults('reports')).toEqual({ port: 4103, mongoDb: 'reports', queue: 'svc-reports' });
  });
});
