import { callApi } from '@study/api-client';
import { routes, type WithdrawResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/withdraw {pgId, erase}: leaves the study's Open Humans project, keeping or erasing the data. */
export function withdrawFromStudy({ pgId, erase }: { pgId: string; erase: boolean }): Promise<WithdrawResponse> {
  return callApi(routes.withdraw, { body: { pgId, erase } });
}

export function useWithdrawFromStudy() {
  return useMutation({ mutationFn: withdrawFromStudy });
}
