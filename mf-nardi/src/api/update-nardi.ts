import { callApi } from '@study/api-client';
import { routes, type SurveyStatus, type UserView } from '@study/contracts';
import type { FunctionalPairCode, TemperamentCode, TypeCode } from '@study/personality';
import { useMutation } from '@tanstack/react-query';

/** What POST /api/user/survey/upd may set on the Nardi survey. */
export interface NardiPatch {
  status: SurveyStatus;
  selectedTemperament?: TemperamentCode;
  selectedFP?: FunctionalPairCode;
  selectedTypeCode?: TypeCode;
}

/** POST /api/user/survey/upd {pgId, update: {nardi}}: answers the participant's view. */
export function updateNardi({ pgId, patch }: { pgId: string; patch: NardiPatch }): Promise<UserView> {
  return callApi(routes.updateSurveys, { body: { pgId, update: { nardi: patch } } });
}

export function useUpdateNardi() {
  return useMutation({ mutationFn: updateNardi });
}
