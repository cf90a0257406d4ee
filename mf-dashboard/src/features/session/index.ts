// The calls every assessment screen makes. What the screens share besides (the participant gate,
// the study email, finishing the surveys) is in src/components, src/hooks and src/lib.
export { httpSessionApi, type SessionApi } from './api/session-api';
