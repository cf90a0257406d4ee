import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteBuild } from '@study/error-reporting';

/**
 * Tells what each remote's mf-manifest.json says of its build (package name and version, its
 * release) as the runtime reads it, before any of the remote's code runs: a report about a
 * remote, even one whose files then fail to load, names the release it came from.
 */
export function releasePlugin(note: (remoteName: string, build: RemoteBuild) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'study-release-plugin',
    loadRemoteSnapshot(args) {
      const buildInfo = args.manifestJson?.metaData?.buildInfo;
      if (buildInfo?.buildName && buildInfo.buildVersion) note(args.moduleInfo.name, { buildName: buildInfo.buildName, buildVersion: buildInfo.buildVersion });
      return args;
    },
  };
}
