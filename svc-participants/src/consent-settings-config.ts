import type { ConsentSettings } from '@study/contracts';
import { emailAddressSetting } from '@study/service-kit';
import { z } from 'zod';

/**
 * One line of plain text for the consent form: no line break (it would start a new block), no
 * `**` (it would turn bold on) and no `{{` (a placeholder inside a value is never filled).
 */
const consentLine = (max: number, description: string) =>
  z
    .string()
    .trim()
    .min(2)
    .max(max)
    .refine((value) => !/[\r\n]|\*\*|\{\{/.test(value), { message: 'must be one line of plain text, without ** or {{' })
    .describe(description);

/**
 * Who a participant can reach, named in the consent text and its PDF: the research team, and the
 * review board that approved the study, which a participant must be able to reach without going
 * through the researchers. Every deployment provides its own; there are no defaults here.
 */
export const consentSettingsConfigShape = {
  STUDY_CONTACT_EMAIL: emailAddressSetting("the study team's contact email address, named in the consent form and its PDF, e.g. study-team@example.org (the gateway shows the same one)"),
  REVIEW_BOARD_NAME: consentLine(200, 'the name of the review board (IRB or ethics committee) that approved the study, e.g. Example University Institutional Review Board'),
  REVIEW_BOARD_APPROVAL: consentLine(100, "the review board's approval reference for the study, e.g. IRB-2026-0417"),
  REVIEW_BOARD_CONTACT: consentLine(200, "how a participant reaches the review board directly: an email address, a phone number or both, e.g. irb@example.edu, +1 555 0100"),
};

/** The values the consent text's placeholders stand for (fillConsentSettings). */
export function consentSettingsOf(config: { [K in keyof typeof consentSettingsConfigShape]: string }): ConsentSettings {
  return {
    'research-team-contact': config.STUDY_CONTACT_EMAIL,
    'review-board-name': config.REVIEW_BOARD_NAME,
    'review-board-approval': config.REVIEW_BOARD_APPROVAL,
    'review-board-contact': config.REVIEW_BOARD_CONTACT,
  };
}
