import { consentTextViewSchema, type ConsentTextView } from '@study/contracts';
import { requestJson } from '@study/ui';

/** GET /api/consent/text: the current consent version and its text. */
export function fetchConsentText(): Promise<ConsentTextView> {
  return requestJson('/api/consent/text', { method: 'GET', parse: (json) => consentTextViewSchema.parse(json) });
}
