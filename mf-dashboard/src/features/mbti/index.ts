export { MbtiPage, type MbtiPageProps } from './components/MbtiPage';
export { MBTI_PROVIDER_URL } from './mbti-provider';
export type { MbtiStep } from './api/set-mbti-status';
