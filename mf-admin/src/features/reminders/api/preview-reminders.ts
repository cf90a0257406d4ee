import { routes, type ReminderPreview, type ReminderPreviewRequest } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/admin/reminders/preview: how many participants, and whom, one send would reach (the master key in X-Master-Key). */
export function previewReminders({ masterKey, request }: { masterKey: string; request: ReminderPreviewRequest }): Promise<ReminderPreview> {
  return adminCall(routes.previewReminders, masterKey, { body: request });
}

/** A mutation, not a query: the admin asks for each preview, and a new choice clears it. */
export function usePreviewReminders() {
  return useMutation({ mutationFn: previewReminders });
}
