// The Nardi survey's steps and calls. What the Nardi screens share besides (the step frame, the
// part-one scores, saving) is in src/components, src/hooks and src/lib.
export { httpNardiApi, nardiApiOver, RESULT_STREAM_WAIT_MS, type NardiApi, type NardiPatch, type NardiSurveyInput } from './api/nardi-api';
export { NARDI_STEPS, DASHBOARD_PATH, stepPath, redirectFor, type NardiStep } from './steps';
