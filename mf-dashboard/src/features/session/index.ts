// What the assessment screens share: the participant they are for, the study email, the calls.
export { httpSessionApi, type SessionApi } from './api/session-api';
export { ParticipantGate, type Participant, type ParticipantGateProps } from './components/ParticipantGate';
export { CopyButton, COPIED_LABEL_MS, type CopyButtonProps } from './components/CopyButton';
export { StudyEmailField, type StudyEmailFieldProps } from './components/StudyEmailField';
export { studyEmail } from './study-email';
export { useSettings, type SettingsState } from './use-settings';
export { requestFinalScore, finishRequiredSurveys, errorMessage } from './finish-survey';
