import type { z } from 'zod';
import { AUDIT_CSV_COLUMNS, auditPageSchema } from '../audit';
import { downloadLinkRequestSchema, downloadLinkResponseSchema, enrollmentSchema, mbtiUploadRequestSchema, mbtiUploadResponseSchema, ROSTER_CSV_COLUMNS, STATS_CSV_COLUMNS } from '../admin';
import {
  consentRenewRequestSchema,
  consentRenewResponseSchema,
  consentTextViewSchema,
  consentVersionsOverviewSchema,
  CONSENT_PDF_FILENAME,
  publishConsentRequestSchema,
  publishConsentResponseSchema,
} from '../consent-versions';
import { analysisDictionarySchema } from '../analysis-export';
import { consentRequestSchema, consentResponseSchema, deauthorizeNoticeSchema, deauthorizeResponseSchema, sessionEndRequestSchema, sessionRequestSchema, sessionResponseSchema, settingsSchema } from '../consent';
import { errorBodySchema } from '../errors';
import { cloudEventEnvelopeSchema, eventDefinitions, type EventType } from '../events';
import { finalScoreRequestSchema, finalScoreResponseSchema } from '../final-score';
import { nardiFinalRequestSchema, nardiFinalResponseSchema, nardiScoresRequestSchema, nardiScoresSchema } from '../nardi';
import { nardiReportRequestSchema, nardiReportSchema } from '../reports';
import { reminderPreviewRequestSchema, reminderPreviewSchema, reminderSendRequestSchema, reminderSendResponseSchema } from '../reminders';
import type { ApiRoute } from '../routes';
import { saveSurveyRequestSchema, updateSurveysRequestSchema } from '../survey-requests';
import { typeFinderClaimRequestSchema, typeFinderClaimResponseSchema, typeFinderImportResponseSchema, typeFinderWebhookBodySchema, typeFinderWebhookResponseSchema } from '../typefinder';
import { withdrawRequestSchema, withdrawResponseSchema } from '../withdraw';
import { participantResultsSchema, resetSurveysRequestSchema, RESULTS_EVENT, userRequestSchema, userViewSchema } from '../user';

/** A request or response body: JSON of a schema, something else said in words, or none. */
export type BodyContract =
  | { kind: 'json'; schema: z.ZodType }
  | {
      kind: 'other';
      mediaType: string;
      description: string;
      /** A stream of JSON messages (Server-Sent Events): the schema of each one. */
      messageSchema?: z.ZodType;
    }
  | { kind: 'none' };

export interface HttpContract {
  request: BodyContract;
  /** The success answer; every error answers errorBodySchema (errorBodyContract). */
  response: BodyContract;
}

const json = (schema: z.ZodType): BodyContract => ({ kind: 'json', schema });
const csv = (columns: readonly string[], what: string): BodyContract => ({
  kind: 'other',
  mediaType: 'text/csv',
  description: `${what}: a header line with the columns ${columns.join(',')}, then one line per row.`,
});
const noBody: BodyContract = { kind: 'none' };

/** The key of a route in httpContracts, e.g. 'POST /api/user'. */
export function routeKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * The bodies of every route in apiRoutes, as the owning service's entry point parses the
 * request (parseBody) and types its answer.
 */
export const httpContracts: Readonly<Record<string, HttpContract>> = {
  'POST /api/user': { request: json(userRequestSchema), response: json(userViewSchema) },
  'POST /api/user/survey': { request: json(saveSurveyRequestSchema), response: json(userViewSchema) },
  'POST /api/user/survey/upd': { request: json(updateSurveysRequestSchema), response: json(userViewSchema) },
  'POST /api/user/reset': { request: json(resetSurveysRequestSchema), response: json(userViewSchema) },
  'POST /api/user/withdraw': { request: json(withdrawRequestSchema), response: json(withdrawResponseSchema) },
  'POST /api/user/mbti': { request: json(mbtiUploadRequestSchema), response: json(mbtiUploadResponseSchema) },
  'POST /api/user/tfresult': { request: json(typeFinderClaimRequestSchema), response: json(typeFinderClaimResponseSchema) },
  'GET /api/authorization': {
    request: noBody,
    response: {
      kind: 'other',
      mediaType: 'text/plain',
      description:
        'A 302 redirect to the Open Humans authorize page (client_id, response_type=code, state, code_challenge with code_challenge_method=S256, and redirect_uri when configured), setting the HttpOnly cookie that holds the state and the PKCE verifier; the query is authorizationStartQuerySchema.',
    },
  },
  'POST /api/consent': { request: json(consentRequestSchema), response: json(consentResponseSchema) },
  'POST /api/session': { request: json(sessionRequestSchema), response: json(sessionResponseSchema) },
  'POST /api/session/end': { request: json(sessionEndRequestSchema), response: noBody },
  'GET /api/ohready/:masterKey': { request: noBody, response: csv(ROSTER_CSV_COLUMNS, 'The roster, downloaded as roster.csv') },
  'GET /api/stats': { request: noBody, response: csv(STATS_CSV_COLUMNS, 'The statistics, downloaded as statistics.csv') },
  'POST /api/typefinder/results': { request: json(typeFinderWebhookBodySchema), response: json(typeFinderWebhookResponseSchema) },
  'POST /api/typefinder/import': { request: csv(['email', 'type'], 'The TypeFinder results file'), response: json(typeFinderImportResponseSchema) },
  'POST /api/openhumans/deauthorize': { request: json(deauthorizeNoticeSchema), response: json(deauthorizeResponseSchema) },
  'GET /api/settings': { request: noBody, response: json(settingsSchema) },
  'GET /api/admin/enrollment': { request: noBody, response: json(enrollmentSchema) },
  'POST /api/admin/download-links': { request: json(downloadLinkRequestSchema), response: json(downloadLinkResponseSchema) },
  'GET /api/admin/audit': { request: noBody, response: json(auditPageSchema) },
  'GET /api/admin/audit/export': { request: noBody, response: csv(AUDIT_CSV_COLUMNS, 'The audit trail (the filters given), downloaded as audit-trail.csv') },
  'POST /api/admin/reminders/preview': { request: json(reminderPreviewRequestSchema), response: json(reminderPreviewSchema) },
  'POST /api/admin/reminders/send': { request: json(reminderSendRequestSchema), response: json(reminderSendResponseSchema) },
  'GET /api/admin/analysis-export': {
    request: noBody,
    response: {
      kind: 'other',
      mediaType: 'text/csv',
      description:
        'The analysis export, downloaded as analysis-export.csv: a header line, then one line per participant; every column is named in the data dictionary (GET /api/admin/analysis-export/dictionary).',
    },
  },
  'GET /api/admin/analysis-export/dictionary': { request: noBody, response: json(analysisDictionarySchema) },
  'GET /api/user/events/:pgId': {
    request: noBody,
    response: {
      kind: 'other',
      mediaType: 'text/event-stream',
      description: `Server-Sent Events named "${RESULTS_EVENT}", each data line one JSON message of contentSchema, sent on connect and whenever it changes.`,
      messageSchema: participantResultsSchema,
    },
  },
  'GET /api/consent/text': { request: noBody, response: json(consentTextViewSchema) },
  'POST /api/consent/renew': { request: json(consentRenewRequestSchema), response: json(consentRenewResponseSchema) },
  'GET /api/consent/pdf/:pgId': {
    request: noBody,
    response: { kind: 'other', mediaType: 'application/pdf', description: `The participant's copy of their latest consent (version, hash, time, 18+ certification, Open Humans member id and the full text), downloaded as "${CONSENT_PDF_FILENAME}".` },
  },
  'GET /api/admin/consent-versions': { request: noBody, response: json(consentVersionsOverviewSchema) },
  'POST /api/admin/consent-versions': { request: json(publishConsentRequestSchema), response: json(publishConsentResponseSchema) },
  'POST /api/user/nardi': { request: json(nardiScoresRequestSchema), response: json(nardiScoresSchema) },
  'POST /api/user/nardi/final': { request: json(nardiFinalRequestSchema), response: json(nardiFinalResponseSchema) },
  'POST /api/user/survey/final': { request: json(finalScoreRequestSchema), response: json(finalScoreResponseSchema) },
  'POST /api/user/nardi/report': { request: json(nardiReportRequestSchema), response: json(nardiReportSchema) },
  'GET /api/user/report/:pgId': {
    request: noBody,
    response: { kind: 'other', mediaType: 'application/pdf', description: 'The final report PDF, downloaded as "Final Report.pdf".' },
  },
};

/** Every 4xx/5xx answer of the services and the gateway. */
export const errorBodyContract: BodyContract = json(errorBodySchema);

/** The CloudEvents envelope every event travels in; `data` is the event type's own schema. */
export const eventEnvelopeSchema: z.ZodType = cloudEventEnvelopeSchema;

/** The data schema of every published event type and version, as its consumers parse it (from the definitions in events.ts). */
export const eventDataSchemas: Readonly<Record<EventType, z.ZodType>> = Object.fromEntries(eventDefinitions.map((definition) => [definition.type, definition.schema])) as Record<EventType, z.ZodType>;

/** Every contract a committed JSON Schema is made of. */
export interface ContractCatalogue {
  http: Readonly<Record<string, HttpContract>>;
  errorBody: BodyContract;
  eventEnvelope: z.ZodType;
  eventData: Readonly<Record<string, z.ZodType>>;
}

export const contractCatalogue: ContractCatalogue = {
  http: httpContracts,
  errorBody: errorBodyContract,
  eventEnvelope: eventEnvelopeSchema,
  eventData: eventDataSchemas,
};
