import { routes, type MbtiScores, type MbtiUploadResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/user/mbti: stores the scores of the rows given, by study ID (the master key in X-Master-Key). */
export function uploadMbtiScores({ masterKey, rows }: { masterKey: string; rows: Record<string, MbtiScores> }): Promise<MbtiUploadResponse> {
  return adminCall(routes.uploadMbti, masterKey, { body: rows });
}

export function useUploadMbtiScores() {
  return useMutation({ mutationFn: uploadMbtiScores });
}
