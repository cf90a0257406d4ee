// What podman prints, read into values, and the figures the deployment tools print: kept apart
// from running podman so they can be checked without it.

/** A size as the tools print it: 312 MB (decimal megabytes, as podman counts them). */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

/** A duration as the tools print it: 4.2 s. */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The message of anything thrown. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The value `podman image inspect --format '{{ index .Config.Labels "x" }}'` printed: undefined when the image has no such label. */
export function labelValue(stdout: string): string | undefined {
  const value = stdout.trim();
  return value === '' || value === '<no value>' ? undefined : value;
}

/** The byte count `podman image inspect --format '{{ .Size }}'` printed. */
export function parseImageSize(stdout: string): number {
  const size = Number(stdout.trim());
  if (stdout.trim() === '' || !Number.isFinite(size)) throw new Error(`podman printed no image size: ${JSON.stringify(stdout.slice(0, 200))}`);
  return size;
}

export interface ContainerListing {
  name: string;
  status: string;
}

/** The lines of `podman ps --format '{{.Names}}\t{{.Status}}'`. */
export function parseContainerList(stdout: string): ContainerListing[] {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', status = ''] = line.split('\t');
      return { name, status };
    });
}

export interface ContainerState {
  status: string;
  exitCode: number;
  restarts: number;
  /** '' when the container has no health check result yet. */
  health: string;
}

/** The line of `podman inspect --format '{{.State.Status}} {{.State.ExitCode}} {{.RestartCount}} {{.State.Health.Status}}'`. */
export function parseContainerState(stdout: string): ContainerState {
  const [status = '', exitCode = '', restarts = '', health = ''] = stdout.trim().split(' ');
  return { status, exitCode: Number(exitCode), restarts: Number(restarts), health };
}

/**
 * A container that cannot start: podman marked it unhealthy, or its restart policy (unless-stopped,
 * which restarts only a container that exited) started it twice already.
 */
export const failsAtStart = (state: ContainerState): boolean => state.health === 'unhealthy' || state.restarts >= 2;
