import {
  routes,
  type ReminderPreview,
  type ReminderPreviewRequest,
  type ReminderSendRequest,
  type ReminderSendResponse,
} from '@study/contracts';
import { adminCall, type FetchLike } from '../../../api/admin-api';

/** The reminder calls: the master key in the X-Master-Key header, never in an address. */
export interface RemindersApi {
  preview(masterKey: string, request: ReminderPreviewRequest): Promise<ReminderPreview>;
  send(masterKey: string, request: ReminderSendRequest): Promise<ReminderSendResponse>;
}

export function httpRemindersApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)): RemindersApi {
  return {
    preview: (masterKey, request) => adminCall(fetchImpl, routes.previewReminders, masterKey, { body: request }),
    send: (masterKey, request) => adminCall(fetchImpl, routes.sendReminders, masterKey, { body: request }),
  };
}
