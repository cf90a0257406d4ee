import { routes, type ReminderPreview, type ReminderPreviewRequest } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/reminders/preview: how many participants, and whom, one send would reach. */
export function previewReminders(client: AdminClient, request: ReminderPreviewRequest): Promise<ReminderPreview> {
  return client.call(routes.previewReminders, { body: request });
}

/** A mutation, not a query: the admin asks for each preview, and a new choice clears it. */
export function usePreviewReminders() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (request: ReminderPreviewRequest) => previewReminders(client, request) });
}
