import type { Express, Request } from 'express';
import { CONSENT_PDF_FILENAME, ErrorCodes, fillConsentSettings, pgIdSchema, type ConsentSettings, type ConsentTextView, routes } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError, mount } from '@study/service-kit';
import { consentCopy } from '../../domain/consent/consent-copy';
import { currentConsentVersion } from '../../domain/consent/consent-versions';
import { renewConsent } from '../../domain/consent/renew-consent';
import type { ParticipantsDeps } from '../../domain/deps';
import { renderConsentPdf } from '../../rendering/consent-pdf';

/** `settings`: the deployment's contacts, put in place of the consent text's placeholders wherever a participant reads it. */
export function mountConsentRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, settings: ConsentSettings): void {
  /** GET /api/consent/text: the current consent version and its full text, as the participant reads it. */
  mount(app, routes.consentText, async (req, res) => {
    const version = await currentConsentVersion(deps(req));
    const answer: ConsentTextView = { versionId: version.versionId, hash: version.hash, publishedAt: version.publishedAt.toISOString(), text: fillConsentSettings(version.text, settings) };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/consent/renew {pgId, versionId, adult: true}: agree to the current consent text. */
  mount(app, routes.renewConsent, async (req, res, body) => {
    const { pgId, versionId } = body;
    res.set('Cache-Control', 'no-store').json(await renewConsent(deps(req), { pgId, versionId }));
  });

  /** GET /api/consent/pdf/{pgId}: the participant's copy of their latest consent, as a PDF. */
  mount(app, routes.consentPdf, async (req, res) => {
    const parsed = pgIdSchema.safeParse(req.params.pgId);
    if (!parsed.success) throw new AppError(400, ErrorCodes.VALIDATION_FAILED, 'Invalid request: the study ID must be a version-4 UUID (8-4-4-4-12 hex digits).');
    const pdf = await renderConsentPdf(await consentCopy(deps(req), normalizePgId(parsed.data)), settings);
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${CONSENT_PDF_FILENAME}"`,
        'Content-Length': String(pdf.length),
        'Cache-Control': 'no-store',
      })
      .end(pdf);
  });
}
