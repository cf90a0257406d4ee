export { MbtiPage, type MbtiPageProps } from './components/MbtiPage';
export { httpMbtiApi, mbtiApiFrom, MBTI_PROVIDER_URL, type MbtiApi, type MbtiStep } from './api/mbti-api';
