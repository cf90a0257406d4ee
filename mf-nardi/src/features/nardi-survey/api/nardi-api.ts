import {
  nardiFinalResponseSchema,
  nardiScoresSchema,
  userViewSchema,
  type NardiFinalResponse,
  type NardiScoresView,
  type SurveyInput,
  type SurveyStatus,
  type UserView,
} from '@study/contracts';
import type { FunctionalPairCode, TemperamentCode, TypeCode } from '@study/personality';
import { requestJson } from '@study/ui';
import { retryWhileNotReady } from './retry';

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
  /** POST /api/user/nardi {pgId}: the part-one scores (asks again while they are still being computed). */
  fetchScores(pgId: string): Promise<NardiScoresView>;
  /** POST /api/user/nardi/final {pgId}: the Nardi type and consistency (asks again while not ready). */
  fetchFinal(pgId: string): Promise<NardiFinalResponse>;
}

const parseUser = (json: unknown) => userViewSchema.parse(json);

export const httpNardiApi: NardiApi = {
  fetchUser: (pgId) => requestJson('/api/user', { body: { pgId }, parse: parseUser }),
  saveSurvey: (pgId, survey) => requestJson('/api/user/survey', { body: { pgId, survey }, parse: parseUser }),
  updateNardi: (pgId, patch) => requestJson('/api/user/survey/upd', { body: { pgId, update: { nardi: patch } }, parse: parseUser }),
  fetchScores: (pgId) => retryWhileNotReady(() => requestJson('/api/user/nardi', { body: { pgId }, parse: (json) => nardiScoresSchema.parse(json) })),
  fetchFinal: (pgId) => retryWhileNotReady(() => requestJson('/api/user/nardi/final', { body: { pgId }, parse: (json) => nardiFinalResponseSchema.parse(json) })),
};
