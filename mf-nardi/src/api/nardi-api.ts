import {
  routes,
  type NardiFinalResponse,
  type NardiScoresView,
  type SurveyInput,
  type SurveyStatus,
  type UserView,
} from '@study/contracts';
import { callApi, fetchUser } from '@study/api-client';
import type { FunctionalPairCode, TemperamentCode, TypeCode } from '@study/personality';
import { eventSourceResults, waitForResults, type ResultsSource } from '@study/client-state';

/** The Nardi survey as POST /api/user/survey takes it. */
export type NardiSurveyInput = Extract<SurveyInput, { id: 'nardi' }>;

/** What POST /api/user/survey/upd may set on the Nardi survey. */
export interface NardiPatch {
  status: SurveyStatus;
  selectedTemperament?: TemperamentCode;
  selectedFP?: FunctionalPairCode;
  selectedTypeCode?: TypeCode;
}

/** The calls the Nardi screens make; tests put their own in place. */
export interface NardiApi {
  /** POST /api/user {pgId}: the participant's view. */
  fetchUser(pgId: string): Promise<UserView>;
  /** POST /api/user/survey {pgId, survey}: saves the whole Nardi survey state; answers the participant's view. */
  saveSurvey(pgId: string, survey: NardiSurveyInput): Promise<UserView>;
  /** POST /api/user/survey/upd {pgId, update: {nardi}}: answers the participant's view. */
  updateNardi(pgId: string, patch: NardiPatch): Promise<UserView>;
  /** POST /api/user/nardi {pgId}: the part-one scores, asked for once the result stream says scoring holds them. */
  fetchScores(pgId: string): Promise<NardiScoresView>;
  /** POST /api/user/nardi/final {pgId}: the Nardi type and consistency, asked for once the result stream shows them. */
  fetchFinal(pgId: string): Promise<NardiFinalResponse>;
}

/**
 * How long a Nardi screen waits for a result stream that does not deliver before asking anyway:
 * scoring normally answers within a fraction of a second; if the stream cannot deliver, the call
 * is made and its answer (the result, or a message saying what to do) is shown. A stream that
 * delivers is waited on longer (LIVE_STREAM_WAIT_MS: a restart elsewhere may delay the result).
 */
export const RESULT_STREAM_WAIT_MS = 10_000;

/** The calls of httpNardiApi over a given result stream (tests put their own in place). */
export function nardiApiOver(results: ResultsSource): NardiApi {
  return {
    fetchUser,
    saveSurvey: (pgId, survey) => callApi(routes.saveSurvey, { body: { pgId, survey } }),
    updateNardi: (pgId, patch) => callApi(routes.updateSurveys, { body: { pgId, update: { nardi: patch } } }),
    fetchScores: async (pgId) => {
      await waitForResults(results, pgId, ({ nardi }) => nardi.scored, RESULT_STREAM_WAIT_MS);
      return callApi(routes.nardiScores, { body: { pgId } });
    },
    fetchFinal: async (pgId) => {
      await waitForResults(results, pgId, ({ nardi }) => nardi.result !== null, RESULT_STREAM_WAIT_MS);
      return callApi(routes.nardiFinal, { body: { pgId } });
    },
  };
}


/** The study's API, each result asked for once its owner has stored it (no asking again and again). */
export const httpNardiApi: NardiApi = nardiApiOver(eventSourceResults);
