/**
 * The study's name when the deployment does not set STUDY_NAME. The deployment's setting is read
 * by the gateway (published to the frontends in /config.js) and by svc-reports (the PDF).
 */
export const DEFAULT_STUDY_NAME = 'Personality Genetics Study';
