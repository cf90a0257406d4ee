import { routes, type ReminderSendRequest, type ReminderSendResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/reminders/send: sends the reminder as one Open Humans project message. */
export function sendReminders(client: AdminClient, request: ReminderSendRequest): Promise<ReminderSendResponse> {
  return client.call(routes.sendReminders, { body: request });
}

export function useSendReminders() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (request: ReminderSendRequest) => sendReminders(client, request) });
}
