// Which addresses each remote owns, as plain data (no React, no router), for the gateway and the frontends.
export {
  ADMIN_REMOTE,
  CONSENT_REMOTE,
  DASHBOARD_REMOTE,
  GUARDED_SEGMENTS,
  NARDI_REMOTE,
  NARDI_STEPS,
  REMOTES,
  firstSegment,
  nardiStepPath,
  type NardiStep,
  type RemoteNavigation,
} from './remotes';
export { nardiPathForStatus } from './nardi-progress';
