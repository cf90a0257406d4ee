import { callApi } from '@study/api-client';
import { routes, type WithdrawResponse } from '@study/contracts';

/** The call the withdraw panel makes; tests put their own in place. */
export interface WithdrawApi {
  /** POST /api/user/withdraw {pgId, erase} */
  withdraw(pgId: string, erase: boolean): Promise<WithdrawResponse>;
}

export const httpWithdrawApi: WithdrawApi = {
  withdraw: (pgId, erase) => callApi(routes.withdraw, { body: { pgId, erase } }),
};
