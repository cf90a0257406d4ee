export { PartTwoPage } from './components/PartTwoPage';
export { PartThreePage } from './components/PartThreePage';
export { PartFourPage } from './components/PartFourPage';
export { SnapshotChoices, type SnapshotChoicesProps } from './components/SnapshotChoices';
export { SnapshotStep, type SnapshotStepProps, type SubmitChoice } from './components/SnapshotStep';
export { temperamentSnapshots, functionalPairSnapshots, typeSnapshots, type Snapshot } from './offers';
export { saveChoice, completeSurvey, finishSurvey } from './api/submit-choices';
