import { routes, type MbtiScores, type MbtiUploadResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/user/mbti: stores the scores of the rows given, by study ID. */
export function uploadMbtiScores(client: AdminClient, { rows }: { rows: Record<string, MbtiScores> }): Promise<MbtiUploadResponse> {
  return client.call(routes.uploadMbti, { body: rows });
}

export function useUploadMbtiScores() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (request: { rows: Record<string, MbtiScores> }) => uploadMbtiScores(client, request) });
}
