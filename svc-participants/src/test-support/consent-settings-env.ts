/** The contacts every deployment must set (consent-settings-config), as the tests' services get them. */
export const CONSENT_SETTINGS_ENV = {
  STUDY_CONTACT_EMAIL: 'study-team@study.example.org',
  REVIEW_BOARD_NAME: 'Test Review Board',
  REVIEW_BOARD_APPROVAL: 'TEST-0001',
  REVIEW_BOARD_CONTACT: 'review-board@study.example.org',
} as const;
