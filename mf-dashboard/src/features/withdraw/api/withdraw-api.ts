import { withdrawResponseSchema, type WithdrawResponse } from '@study/contracts';
import { requestJson } from '@study/ui';

/** The call the withdraw panel makes; tests put their own in place. */
export interface WithdrawApi {
  /** POST /api/user/withdraw {pgId, erase} */
  withdraw(pgId: string, erase: boolean): Promise<WithdrawResponse>;
}

export const httpWithdrawApi: WithdrawApi = {
  withdraw: (pgId, erase) => requestJson('/api/user/withdraw', { body: { pgId, erase }, parse: (json) => withdrawResponseSchema.parse(json) }),
};
