export { pgIdSchema, type PgId } from './ids';
export { errorBodySchema, ErrorCodes, type ErrorBody, type ErrorCode } from './errors';
export {
  surveyIds,
  surveyIdSchema,
  surveyStatuses,
  surveyStatusSchema,
  typeCodeSchema,
  selectionSchema,
  answerSchema,
  surveyStateSchema,
  initialSurveyState,
  type SurveyId,
  type SurveyStatus,
  type TypeCode,
  type Answer,
  type SurveyState,
} from './surveys';
export {
  userRequestSchema,
  accessSchema,
  finalScoreSchema,
  userViewSchema,
  type UserRequest,
  type Access,
  type FinalScore,
  type UserView,
} from './user';
export {
  EVENT_TYPE_PATTERN,
  EventTypes,
  eventSources,
  bindingFor,
  cloudEventEnvelopeSchema,
  type EventType,
  type EventSource,
  type CloudEventEnvelope,
} from './events';
export { apiRoutes, matchApiRoute, secretPathPrefixes, type ApiRoute, type ServiceName, type HttpMethod } from './routes';
