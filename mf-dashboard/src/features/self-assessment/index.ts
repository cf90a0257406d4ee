export { SelfAssessmentIntro, type SelfAssessmentIntroProps } from './components/SelfAssessmentIntro';
export { SelfAssessmentSurvey, type SelfAssessmentSurveyProps } from './components/SelfAssessmentSurvey';
export { httpSelfAssessmentApi, type SelfAssessmentApi } from './api/self-assessment-api';
