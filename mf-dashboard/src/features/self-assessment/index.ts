export { SelfAssessmentIntro } from './components/SelfAssessmentIntro';
export { SelfAssessmentSurvey } from './components/SelfAssessmentSurvey';
