import request from 'supertest';
import { consentTextViewSchema } from '@study/contracts';

/**
 * What the consent page sends with the code: the consent version it showed (the current one,
 * read as the page reads it) and the 18+ certification.
 */
export async function consentAgreement(serviceUrl: string): Promise<{ versionId: string; adult: true }> {
  const text = consentTextViewSchema.parse((await request(serviceUrl).get('/api/consent/text').expect(200)).body);
  return { versionId: text.versionId, adult: true };
}
