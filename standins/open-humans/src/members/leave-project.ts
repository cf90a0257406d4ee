import type { StandinConfig } from '../config';
import type { Grants } from '../oauth/grants';
import type { StoredMember } from '../state/store';
import { pythonIsoformat, sendDeauthWebhook, type WebhookLog, type WebhookOutcome } from '../webhooks/deauth-webhook';
import type { Members } from './members';

/** The platform-side switches of a member's leaving, changeable by the test controls. */
export interface LeaveSettings {
  /**
   * The platform's current bug: deauth_webhook calls arrow.get(self.erasure_requested), and
   * arrow 1.x raises TypeError for None, so a leave without erasure sends no notice and the
   * request that caused it fails with a 500 (after the member was removed).
   */
  timestampBug: boolean;
}

export interface LeaveOutcome {
  tokensDeleted: number;
  /** null when no webhook is configured, or the platform failed before calling it. */
  webhook: WebhookOutcome | null;
  /** Why the platform's leave_project raised after the member was removed; the caller answers 500. */
  failure?: string;
}

/** The message of the TypeError arrow 1.3.0 raises for arrow.get(None). */
export const ARROW_NONE_ERROR = 'TypeError: Cannot parse argument of type None.';

/**
 * DataRequestProjectMember.leave_project, run while the request waits: the member is revoked and
 * their access and refresh tokens deleted first, then the project's webhook is called
 * (synchronously, no timeout). Whatever goes wrong there happens after the member is gone.
 */
export class ProjectLeaving {
  constructor(
    private readonly config: StandinConfig,
    private readonly grants: Grants,
    private readonly members: Members,
    private readonly webhooks: WebhookLog,
    readonly settings: LeaveSettings,
    private readonly now: () => number,
  ) {}

  async leave(member: StoredMember, erasureRequested: boolean): Promise<LeaveOutcome> {
    const tokensDeleted = this.grants.revokeMember(member.projectMemberId);
    this.members.deauthorize(member);
    if (!this.config.deauthWebhookUrl) return { tokensDeleted, webhook: null };
    if (this.settings.timestampBug && !erasureRequested) return { tokensDeleted, webhook: null, failure: ARROW_NONE_ERROR };
    // The timestamp is the erasure request's time (set as the member leaves); with the bug fixed
    // (as arrow before 1.0 read None) a leave without erasure gets the current time too.
    const notice = { project_member_id: member.projectMemberId, erasure_requested: erasureRequested, timestamp: pythonIsoformat(this.now()) };
    const webhook = await sendDeauthWebhook(this.config.deauthWebhookUrl, notice, this.config.webhookSecret, this.webhooks, this.now);
    return webhook.delivered ? { tokensDeleted, webhook } : { tokensDeleted, webhook, failure: `ConnectionError: ${webhook.error}` };
  }
}
