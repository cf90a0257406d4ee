import { z } from 'zod';
import { pgIdSchema } from './ids';

/**
 * The consent text on record: each published text is a version with an id (`v1`, `v2`, ...) and
 * the SHA-256 of its text, stored with the text by svc-participants. The text is plain text with
 * a light markup every reader renders the same way (consentTextBlocks): `# ` starts a heading,
 * lines starting `- ` are a list, lines starting `1. ` a numbered list, anything else a paragraph;
 * blocks are separated by a blank line; `**...**` is bold.
 */

/** The largest consent text, in characters. */
export const CONSENT_TEXT_MAX_CHARS = 100_000;

/** File name of the participant's copy of their consent (GET /api/consent/pdf/{pgId}). */
export const CONSENT_PDF_FILENAME = 'Consent.pdf';

export const consentVersionIdSchema = z.string().regex(/^v[1-9][0-9]{0,8}$/, { message: "must be a consent version id such as 'v2'" });
export type ConsentVersionId = z.infer<typeof consentVersionIdSchema>;

/** The SHA-256 of a normalized consent text (normalizeConsentText), 64 lower-case hex digits. */
export const consentHashSchema = z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be a SHA-256 hash (64 lower-case hex digits)' });

/**
 * The one form of a text that is hashed and stored: line ends as \n, no spaces at line ends, no
 * blank lines at the start or end, at most one blank line between blocks.
 */
export function normalizeConsentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

export const consentTextSchema = z
  .string()
  .transform(normalizeConsentText)
  .pipe(
    z
      .string()
      .min(1, { message: 'must not be empty' })
      .max(CONSENT_TEXT_MAX_CHARS, { message: `must be at most ${CONSENT_TEXT_MAX_CHARS} characters` }),
  );

/**
 * The deployment's settings a consent text names by placeholder, `{{review-board-contact}}` and so
 * on: the stored text and its hash keep the placeholder (one text serves every deployment), and
 * where the text is shown, on the consent pages and in the participant's PDF, the deployment's
 * value stands in its place. The review board is named so a participant can reach it without
 * going through the research team.
 */
export const CONSENT_SETTING_NAMES = ['research-team-contact', 'review-board-name', 'review-board-approval', 'review-board-contact'] as const;
export type ConsentSettingName = (typeof CONSENT_SETTING_NAMES)[number];
export type ConsentSettings = Record<ConsentSettingName, string>;

const PLACEHOLDER = /\{\{([a-z-]+)\}\}/g;

/** The text as a participant reads it: each known placeholder replaced by the deployment's value; an unknown one is left as written. */
export function fillConsentSettings(text: string, settings: ConsentSettings): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => ((CONSENT_SETTING_NAMES as readonly string[]).includes(name) ? settings[name as ConsentSettingName] : placeholder));
}

/** A piece of running text: plain or bold. */
export interface ConsentSpan {
  text: string;
  bold: boolean;
}

export type ConsentBlock =
  | { kind: 'heading'; spans: ConsentSpan[] }
  | { kind: 'paragraph'; spans: ConsentSpan[] }
  | { kind: 'list'; ordered: boolean; items: ConsentSpan[][] };

/** `**bold**` and plain text, in order; an unmatched `**` is kept as text. */
export function consentSpans(text: string): ConsentSpan[] {
  const spans: ConsentSpan[] = [];
  const parts = text.split('**');
  // An even number of parts means one `**` has no partner: the last one is text.
  const pairs = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}**${parts.at(-1)}`];
  pairs.forEach((part, i) => {
    if (part !== '') spans.push({ text: part, bold: i % 2 === 1 });
  });
  return spans;
}

const BULLET = /^- +/;
const NUMBERED = /^[0-9]{1,3}\. +/;

/** The blocks of a consent text, as the pages and the PDF lay them out. */
export function consentTextBlocks(text: string): ConsentBlock[] {
  return normalizeConsentText(text)
    .split(/\n\n+/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''))
    .map((lines): ConsentBlock => {
      const first = lines[0] ?? '';
      if (lines.length === 1 && first.startsWith('# ')) return { kind: 'heading', spans: consentSpans(first.slice(2).trim()) };
      for (const [pattern, ordered] of [
        [BULLET, false],
        [NUMBERED, true],
      ] as const) {
        if (pattern.test(first)) {
          // A line not starting a new item continues the one before it.
          const items: string[] = [];
          for (const line of lines) {
            if (pattern.test(line) || items.length === 0) items.push(line.replace(pattern, '').trim());
            else items[items.length - 1] += ` ${line.trim()}`;
          }
          return { kind: 'list', ordered, items: items.map(consentSpans) };
        }
      }
      return { kind: 'paragraph', spans: consentSpans(lines.map((line) => line.trim()).join(' ')) };
    });
}

/** One published version, without its text. */
export const consentVersionSchema = z.object({
  versionId: consentVersionIdSchema,
  hash: consentHashSchema,
  publishedAt: z.iso.datetime({ offset: true }),
});
export type ConsentVersion = z.infer<typeof consentVersionSchema>;

/** GET /api/consent/text: the current version and its full text. */
export const consentTextViewSchema = consentVersionSchema.extend({ text: z.string().min(1) });
export type ConsentTextView = z.infer<typeof consentTextViewSchema>;

/** The certification the participant ticks: 18 years of age or older. */
const adultSchema = z.literal(true, { message: 'must be true: the participant certifies being 18 years of age or older' });

/**
 * POST /api/consent/renew: a participant whose latest consent is to an older version agrees to
 * the current one (no new Open Humans authorization).
 */
export const consentRenewRequestSchema = z.strictObject({ pgId: pgIdSchema, versionId: consentVersionIdSchema, adult: adultSchema });
export type ConsentRenewRequest = z.infer<typeof consentRenewRequestSchema>;

/** The answer to POST /api/consent/renew: the consent now on record. */
export const consentRenewResponseSchema = z.object({ versionId: consentVersionIdSchema, givenAt: z.iso.datetime({ offset: true }) });
export type ConsentRenewResponse = z.infer<typeof consentRenewResponseSchema>;

/** In POST /api/user's answer: the participant must agree to the current version before the dashboard opens. */
export const consentRenewalSchema = z.object({
  /** The version to agree to (the current one). */
  versionId: consentVersionIdSchema,
  publishedAt: z.iso.datetime({ offset: true }),
  /** The version of the participant's latest consent; null when it was not recorded. */
  agreedVersionId: consentVersionIdSchema.nullable(),
});
export type ConsentRenewal = z.infer<typeof consentRenewalSchema>;

/** The adult certification as POST /api/consent carries it (optional: older pages send only the code). */
export const consentAdultSchema = adultSchema;

/** POST /api/admin/consent-versions (X-Master-Key): publish a new consent text. */
export const publishConsentRequestSchema = z.strictObject({ text: consentTextSchema });
export type PublishConsentRequest = z.infer<typeof publishConsentRequestSchema>;

export const publishConsentOutcomes = ['published', 'unchanged'] as const;
/** 'unchanged': the text is the current one, so no version was made. */
export const publishConsentResponseSchema = z.object({ outcome: z.enum(publishConsentOutcomes), version: consentVersionSchema });
export type PublishConsentResponse = z.infer<typeof publishConsentResponseSchema>;

/** GET /api/admin/consent-versions (X-Master-Key): every version and who agreed to which. */
export const consentVersionsOverviewSchema = z.object({
  currentVersionId: consentVersionIdSchema,
  /** The current version's text as stored, with its placeholders (CONSENT_SETTING_NAMES): where a new version starts from. */
  currentText: z.string().min(1),
  versions: z.array(
    consentVersionSchema.extend({
      /** Participants (not withdrawn) whose latest consent is to this version. */
      latestConsents: z.number().int().min(0),
    }),
  ),
  /** Participants (not withdrawn) whose latest consent does not name its version (given through an older page). */
  versionNotRecorded: z.number().int().min(0),
  /** Participants (not withdrawn) who are asked to agree again on their next visit. */
  mustAgreeAgain: z.number().int().min(0),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type ConsentVersionsOverview = z.infer<typeof consentVersionsOverviewSchema>;
