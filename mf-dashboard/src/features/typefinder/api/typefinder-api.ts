import { callApi } from '@study/api-client';
import { routes, type TypeFinderClaimResponse } from '@study/contracts';
import { httpSessionApi, type SessionApi } from '../../../api/session-api';

/** The calls of /typefinder; tests put their own in place. */
export interface TypeFinderApi extends SessionApi {
  /**
   * 'Submit Results': POST /api/user/tfresult {pgId}. The server finds the result the provider
   * sent for the study email and completes the survey with its type; without one it answers 404
   * with the message to show.
   */
  submitResults(pgId: string): Promise<TypeFinderClaimResponse>;
}

export const httpTypeFinderApi: TypeFinderApi = {
  ...httpSessionApi,
  submitResults: (pgId) => callApi(routes.claimTypeFinderResult, { body: { pgId } }),
};
