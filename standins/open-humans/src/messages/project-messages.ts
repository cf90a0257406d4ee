/** A project message as one member received it (the platform emails it; the stand-in keeps it). */
export interface ReceivedMessage {
  id: number;
  project_member_id: string;
  /** As the platform sends it: the project's subject after the platform's prefix. */
  subject: string;
  /** The text with {{ PROJECT_MEMBER_ID }} replaced by the member's id. */
  message: string;
  received_at: string;
}

/** The prefix the platform puts before every project message's subject. */
export const SUBJECT_PREFIX = '[Open Humans Project Message] ';

/** As the platform's template engine reads the placeholder: spaces inside the braces are optional. */
const MEMBER_ID_VARIABLE = /\{\{\s*PROJECT_MEMBER_ID\s*\}\}/g;

/** The message as the member receives it. */
export function renderForMember(message: string, projectMemberId: string): string {
  return message.replace(MEMBER_ID_VARIABLE, projectMemberId);
}

/**
 * The messages members received, in memory only (they are not part of the state file: a restart
 * starts with none). Read through the test controls.
 */
export class ProjectMessages {
  private readonly received: ReceivedMessage[] = [];
  private nextId = 1;

  constructor(
    private readonly projectName: string,
    private readonly now: () => number,
  ) {}

  /** Delivers one message to each member, as the platform's mail task does. */
  deliver(projectMemberIds: readonly string[], subject: string, message: string): ReceivedMessage[] {
    const at = new Date(this.now()).toISOString();
    const fullSubject = SUBJECT_PREFIX + (subject.trim() !== '' ? subject : `From "${this.projectName}"`);
    const delivered = projectMemberIds.map((id) => ({ id: this.nextId++, project_member_id: id, subject: fullSubject, message: renderForMember(message, id), received_at: at }));
    this.received.push(...delivered);
    return delivered;
  }

  all(): ReceivedMessage[] {
    return [...this.received];
  }

  forMember(projectMemberId: string): ReceivedMessage[] {
    return this.received.filter((m) => m.project_member_id === projectMemberId);
  }
}
