import { randomInt } from 'node:crypto';
import { generateToken } from '../oauth/grants';
import type { StandinStore, StoredFile, StoredMember } from '../state/store';
import { findSource } from './sources';

export const MEMBER_ID_PATTERN = /^\d{8}$/;

/** A file as the platform's API shows it. */
export interface ApiDataFile {
  id: number;
  basename: string;
  created: string;
  datatypes: string[];
  download_url: string;
  metadata: { tags: string[]; description: string };
  source: string;
}

export interface NewFile {
  basename: string;
  source: string;
  datatypes: string[];
  tags: string[];
  description: string;
  contentType: string;
  content: Buffer;
}

export class Members {
  constructor(
    private readonly store: StandinStore,
    private readonly projectIdLabel: string,
    private readonly now: () => number,
  ) {}

  get(projectMemberId: string): StoredMember | undefined {
    return this.store.members.get(projectMemberId);
  }

  list(): StoredMember[] {
    return [...this.store.members.values()].sort((a, b) => a.created.localeCompare(b.created));
  }

  /** The members in the project now, as the platform's filter_active() has them. */
  active(): StoredMember[] {
    return this.list().filter((m) => m.authorized);
  }

  /** An 8-digit project member id no member has yet. */
  newMemberId(): string {
    for (;;) {
      const id = String(randomInt(10_000_000, 100_000_000));
      if (!this.store.members.has(id)) return id;
    }
  }

  /**
   * The member approves the project, sharing the given sources. A new member is created; a
   * returning one keeps its id, creation date and files. For each shared source the member's
   * account holds a file from it (created if missing), as a member with that source connected would.
   */
  authorize(projectMemberId: string, sourcesShared: string[]): StoredMember {
    let member = this.store.members.get(projectMemberId);
    if (!member) {
      member = {
        projectMemberId,
        username: `member${projectMemberId}`,
        created: new Date(this.now()).toISOString(),
        authorized: true,
        sourcesShared: [],
        files: [],
      };
      this.store.members.set(projectMemberId, member);
    }
    member.authorized = true;
    member.sourcesShared = [...new Set(sourcesShared)];
    for (const label of member.sourcesShared) {
      const source = findSource(label);
      if (!source || member.files.some((f) => f.source === label)) continue;
      member.files.push(
        this.makeFile({
          ...source.sampleFile,
          source: label,
          contentType: 'text/plain',
          content: Buffer.from(`# ${source.name} file shared through the Open Humans stand-in; it holds no genotype records.\n`),
        }),
      );
    }
    this.store.save();
    return member;
  }

  deauthorize(member: StoredMember): void {
    member.authorized = false;
    this.store.save();
  }

  /** Replaces everything in the member's account (and, when given, the shared sources). */
  replaceFiles(member: StoredMember, files: NewFile[], sourcesShared?: string[]): void {
    member.files = files.map((f) => this.makeFile(f));
    if (sourcesShared) member.sourcesShared = [...new Set(sourcesShared)];
    this.store.save();
  }

  /** A file the project uploads to the member: its source is the project itself. */
  addProjectUpload(member: StoredMember, file: Omit<NewFile, 'source'>): StoredFile {
    const stored = this.makeFile({ ...file, source: this.projectIdLabel });
    member.files.push(stored);
    this.store.save();
    return stored;
  }

  /** Deletes the project's own uploads that match; answers their ids. Files from the member's sources never go. */
  deleteProjectFiles(member: StoredMember, matches: (file: StoredFile) => boolean): number[] {
    const gone = member.files.filter((f) => f.source === this.projectIdLabel && matches(f));
    if (gone.length === 0) return [];
    member.files = member.files.filter((f) => !gone.includes(f));
    this.store.save();
    return gone.map((f) => f.id);
  }

  /** What the project may see: files from shared sources and the project's own uploads, oldest first. */
  visibleFiles(member: StoredMember): StoredFile[] {
    const visible = new Set([...member.sourcesShared, this.projectIdLabel]);
    return member.files.filter((f) => visible.has(f.source)).sort((a, b) => a.id - b.id);
  }

  findFile(fileId: number): StoredFile | undefined {
    for (const member of this.store.members.values()) {
      const file = member.files.find((f) => f.id === fileId);
      if (file) return file;
    }
    return undefined;
  }

  private makeFile(f: NewFile): StoredFile {
    return {
      id: this.store.allocateFileId(),
      basename: f.basename,
      created: new Date(this.now()).toISOString(),
      datatypes: f.datatypes,
      metadata: { tags: f.tags, description: f.description },
      source: f.source,
      contentType: f.contentType,
      content: f.content.toString('base64'),
      downloadKey: generateToken(),
    };
  }
}

export function toApiFile(file: StoredFile, baseUrl: string): ApiDataFile {
  return {
    id: file.id,
    basename: file.basename,
    created: file.created,
    datatypes: file.datatypes,
    download_url: `${baseUrl}/data-files/${file.id}/${encodeURIComponent(file.basename)}?key=${file.downloadKey}`,
    metadata: { tags: file.metadata.tags, description: file.metadata.description },
    source: file.source,
  };
}
