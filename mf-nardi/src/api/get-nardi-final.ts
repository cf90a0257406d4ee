import { callApi } from '@study/api-client';
import { routes, type NardiFinalResponse } from '@study/contracts';
import { waitForResult } from './wait-for-result';

/** POST /api/user/nardi/final {pgId}: the Nardi type and consistency, asked for once the result stream shows them. */
export async function getNardiFinal(pgId: string): Promise<NardiFinalResponse> {
  await waitForResult(pgId, ({ nardi }) => nardi.result !== null);
  return callApi(routes.nardiFinal, { body: { pgId } });
}
