import {
  ADMIN_KEY_HEADER,
  reminderPreviewSchema,
  reminderSendResponseSchema,
  type ReminderPreview,
  type ReminderPreviewRequest,
  type ReminderSendRequest,
  type ReminderSendResponse,
} from '@study/contracts';
import { AdminApiError, type FetchLike } from '../../../api/admin-api';
import { errorMessageFrom } from '../../../api/error-message';

/** The reminder calls: the master key in the X-Master-Key header, never in an address. */
export interface RemindersApi {
  preview(masterKey: string, request: ReminderPreviewRequest): Promise<ReminderPreview>;
  send(masterKey: string, request: ReminderSendRequest): Promise<ReminderSendResponse>;
}

async function post<T>(fetchImpl: FetchLike, path: string, masterKey: string, body: unknown, parse: (json: unknown) => T): Promise<T> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', [ADMIN_KEY_HEADER]: masterKey },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    throw new AdminApiError(`Could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new AdminApiError(errorMessageFrom(response.status, text), response.status);
  try {
    return parse(JSON.parse(text));
  } catch {
    throw new AdminApiError('The server sent an answer this page cannot read.', response.status);
  }
}

export function httpRemindersApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)): RemindersApi {
  return {
    preview: (masterKey, request) => post(fetchImpl, '/api/admin/reminders/preview', masterKey, request, (json) => reminderPreviewSchema.parse(json)),
    send: (masterKey, request) => post(fetchImpl, '/api/admin/reminders/send', masterKey, request, (json) => reminderSendResponseSchema.parse(json)),
  };
}
