import { hasOtherTemplateSyntax, renderReminderMessage, reminderPreviewRequestSchema, reminderSendRequestSchema } from './reminders';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('reminder messages', () => {
  it('puts the member id wherever the placeholder stands, with or without spaces in the braces', () => {
    expect(renderReminderMessage('Hi {{ PROJECT_MEMBER_ID }}, id {{PROJECT_MEMBER_ID}} / {{  PROJECT_MEMBER_ID }}.', '12345678')).toBe('Hi 12345678, id 12345678 / 12345678.');
    expect(renderReminderMessage('No placeholder here.', '12345678')).toBe('No placeholder here.');
  });

  it('finds template syntax the platform would read as something else', () => {
    expect(hasOtherTemplateSyntax('Hello {{ PROJECT_MEMBER_ID }}')).toBe(false);
    expect(hasOtherTemplateSyntax('Hello {{ name }}')).toBe(true);
    expect(hasOtherTemplateSyntax('{% if x %}')).toBe(true);
    expect(hasOtherTemplateSyntax('a {# note #}')).toBe(true);
    expect(hasOtherTemplateSyntax('Braces { alone } are fine')).toBe(false);
  });
});

describe('reminder requests', () => {
  const valid = { step: 'typeFinder', days: 7, subject: 'A reminder', message: 'Hello {{ PROJECT_MEMBER_ID }}' };

  it('accepts the three steps and 1..365 days', () => {
    for (const step of ['typeFinder', 'nardi', 'selfAssessment']) expect(reminderSendRequestSchema.safeParse({ ...valid, step }).success).toBe(true);
    expect(reminderPreviewRequestSchema.safeParse({ step: 'nardi', days: 1 }).success).toBe(true);
    expect(reminderPreviewRequestSchema.safeParse({ step: 'nardi', days: 365 }).success).toBe(true);
  });

  it('names the field of an unknown step or days out of range', () => {
    expect(issuesOf(reminderPreviewRequestSchema.safeParse({ step: 'mbti', days: 7 }))).toEqual(['step: must be one of typeFinder, nardi, selfAssessment']);
    expect(issuesOf(reminderPreviewRequestSchema.safeParse({ step: 'nardi', days: 0 }))).toEqual(['days: must be at least 1']);
    expect(issuesOf(reminderPreviewRequestSchema.safeParse({ step: 'nardi', days: 366 }))).toEqual(['days: must be at most 365']);
    expect(issuesOf(reminderPreviewRequestSchema.safeParse({ step: 'nardi', days: 2.5 }))[0]).toMatch(/^days: must be a whole number/);
  });

  it('refuses an empty subject or message, naming it', () => {
    expect(issuesOf(reminderSendRequestSchema.safeParse({ ...valid, subject: '   ' }))).toEqual(['subject: must not be empty: write the subject']);
    expect(issuesOf(reminderSendRequestSchema.safeParse({ ...valid, message: '' }))).toEqual(['message: must not be empty: write the message']);
    expect(issuesOf(reminderSendRequestSchema.safeParse({ step: 'nardi', days: 3, subject: 'x' }))[0]).toMatch(/^message: /);
    expect(issuesOf(reminderSendRequestSchema.safeParse({ ...valid, message: 'Dear {{ name }}' }))[0]).toMatch(/^message: may use \{\{ PROJECT_MEMBER_ID \}\}/);
  });
});
