import { routes, type ReminderSendRequest, type ReminderSendResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/admin/reminders/send: sends the reminder as one Open Humans project message (the master key in X-Master-Key). */
export function sendReminders({ masterKey, request }: { masterKey: string; request: ReminderSendRequest }): Promise<ReminderSendResponse> {
  return adminCall(routes.sendReminders, masterKey, { body: request });
}

export function useSendReminders() {
  return useMutation({ mutationFn: sendReminders });
}
