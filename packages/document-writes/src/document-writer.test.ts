import { createEvent, type OutboxEntry } from '@study/event-bus';
import type { KeyedLock } from '@study/keyed-lock';
import { createDocumentWriter, documentLockKey, type DocumentCollection } from './document-writer';

interface NoteDocument {
  _id: string;
  text?: string;
  outbox?: OutboxEntry[];
  outboxPending?: true;
}

const event = (n: number) => createEvent({ type: 'notes.note.changed.v1', source: 'svc-notes', subject: 'note-1', data: { n } });

/** A lock that records which keys were held and whether work ran inside one. */
function recordingLock() {
  const held: string[] = [];
  let inside = false;
  const lock: KeyedLock = {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      held.push(key);
      inside = true;
      try {
        return await fn();
      } finally {
        inside = false;
      }
    },
  };
  return { lock, held, isHeld: () => inside };
}

/** A collection that answers one document and records every write with whether the lock was held. */
function recordingCollection(stored: NoteDocument | null, isHeld: () => boolean, fail?: Error) {
  const writes: { op: string; args: unknown[]; locked: boolean }[] = [];
  const reads: unknown[][] = [];
  const record = (op: string) =>
    async (...args: unknown[]) => {
      writes.push({ op, args, locked: isHeld() });
      if (fail) throw fail;
      return { acknowledged: true };
    };
  const collection = {
    findOne: async (...args: unknown[]) => {
      reads.push(args);
      return stored;
    },
    updateOne: record('updateOne'),
    insertOne: record('insertOne'),
    replaceOne: record('replaceOne'),
  } as unknown as DocumentCollection<NoteDocument>;
  return { collection, writes, reads };
}

function writerOver(stored: NoteDocument | null, options: { erased?: boolean; fail?: Error } = {}) {
  const { lock, held, isHeld } = recordingLock();
  const { collection, writes, reads } = recordingCollection(stored, isHeld, options.fail);
  const nudges: unknown[][] = [];
  const writer = createDocumentWriter<NoteDocument>({
    collectionName: 'notes',
    collection,
    lock,
    nudgeOutbox: (...args) => nudges.push(args),
    isErased: async () => options.erased === true,
    documentId: (id) => id.toLowerCase(),
  });
  return { writer, held, writes, reads, nudges, isHeld };
}

describe('createDocumentWriter: one change of one document', () => {
  it("holds the document's lock (named by collection and _id) while it reads, decides and writes", async () => {
    const { writer, held, writes, isHeld } = writerOver({ _id: 'note-1' });
    let decidedUnderLock = false;
    await writer.change('NOTE-1', () => {
      decidedUnderLock = isHeld();
      return { write: (doc) => doc.update({ $set: { text: 'hello' } }) };
    });
    expect(held).toEqual([documentLockKey('notes', 'note-1')]);
    expect(documentLockKey('notes', 'note-1')).toBe('notes:note-1');
    expect(decidedUnderLock).toBe(true);
    expect(writes).toEqual([{ op: 'updateOne', args: [{ _id: 'note-1' }, { $set: { text: 'hello' } }], locked: true }]);
  });

  it('hands decide the document without its outbox', async () => {
    const { writer, reads } = writerOver({ _id: 'note-1', text: 'stored' });
    const seen: unknown[] = [];
    await writer.change('note-1', (doc) => {
      seen.push(doc);
      return 'unchanged';
    });
    expect(seen).toEqual([{ _id: 'note-1', text: 'stored' }]);
    expect(reads).toEqual([[{ _id: 'note-1' }, { projection: { outbox: 0 } }]]);
  });

  it('writes nothing for an erased participant and does not ask decide', async () => {
    const { writer, writes, nudges } = writerOver({ _id: 'note-1' }, { erased: true });
    const decide = jest.fn(() => ({ events: [event(1)], write: (doc: { update(u: object): Promise<void> }) => doc.update({ $set: { text: 'back' } }) }));
    await expect(writer.change('note-1', decide)).resolves.toBe('erased');
    expect(decide).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
    expect(nudges).toEqual([]);
  });

  it('answers why nothing was written, writes nothing and nudges nobody', async () => {
    const { writer, writes, nudges } = writerOver(null);
    await expect(writer.change('note-1', () => 'stale')).resolves.toBe('stale');
    // A reason of the caller's own, named in the call.
    await expect(writer.change<'not-found'>('note-1', () => 'not-found')).resolves.toBe('not-found');
    expect(writes).toEqual([]);
    expect(nudges).toEqual([]);
  });

  it('stores the events in the same update as the change, then nudges the relay for the document', async () => {
    const { writer, writes, nudges } = writerOver(null);
    const events = [event(1), event(2)];
    await expect(writer.change('Note-1', () => ({ events, write: (doc) => doc.update({ $set: { text: 'hi' } }, { upsert: true }) }))).resolves.toBe('stored');
    expect(writes).toEqual([
      {
        op: 'updateOne',
        args: [{ _id: 'note-1' }, { $set: { text: 'hi', outboxPending: true }, $push: { outbox: { $each: events.map((event) => JSON.stringify(event)) } } }, { upsert: true }],
        locked: true,
      },
    ]);
    expect(nudges).toEqual([['notes', 'note-1']]);
  });

  it('does not nudge after a write without events', async () => {
    const { writer, writes, nudges } = writerOver({ _id: 'note-1' });
    await writer.change('note-1', () => ({ write: (doc) => doc.update({ $set: { text: 'quiet' } }) }));
    expect(writes).toHaveLength(1);
    expect(nudges).toEqual([]);
  });

  it('inserts and replaces whole documents with their _id and, when there are events, the outbox', async () => {
    const { writer, writes } = writerOver(null);
    await writer.change('note-1', () => ({ events: [event(1)], write: (doc) => doc.insert({ text: 'new' }) }));
    await writer.change('note-1', () => ({ write: (doc) => doc.replace({ text: 'plain' }) }));
    expect(writes.map(({ op, args }) => [op, args.at(-1)])).toEqual([
      ['insertOne', { _id: 'note-1', text: 'new', outbox: [expect.stringContaining('"data":{"n":1}')], outboxPending: true }],
      ['replaceOne', { _id: 'note-1', text: 'plain' }],
    ]);
  });

  it('nudges after a write that failed (the database may have stored it), and the failure comes back', async () => {
    const failure = new Error('connection closed');
    const { writer, nudges } = writerOver(null, { fail: failure });
    await expect(writer.change('note-1', () => ({ events: [event(1)], write: (doc) => doc.update({ $set: { text: 'x' } }) }))).rejects.toBe(failure);
    expect(nudges).toEqual([['notes', 'note-1']]);
  });

  it('refuses a change whose events were not written (they would be lost)', async () => {
    const { writer, writes } = writerOver(null);
    await expect(writer.change('note-1', () => ({ events: [event(1)], write: async () => undefined }))).rejects.toThrow('has events but wrote nothing');
    expect(writes).toEqual([]);
  });

  it('refuses a second write in one change, and a write after the change ended (its lock released)', async () => {
    const { writer, writes } = writerOver(null);
    await expect(
      writer.change('note-1', () => ({
        events: [event(1)],
        write: async (doc) => {
          await doc.update({ $set: { text: 'one' } });
          await doc.update({ $set: { text: 'two' } });
        },
      })),
    ).rejects.toThrow('written twice');
    let kept: { update(u: object): Promise<void> } | undefined;
    await writer.change('note-1', () => ({ write: async (doc) => void (kept = doc) }));
    await expect(kept!.update({ $set: { text: 'late' } })).rejects.toThrow('after its change ended');
    expect(writes).toHaveLength(1);
  });

  it('hands decide and the erasure check what a custom read makes of the document', async () => {
    const { lock } = recordingLock();
    const { collection, reads } = recordingCollection(null, () => true);
    const isErased = jest.fn((_id: string, state: { state: string }) => state.state === 'gone');
    const writer = createDocumentWriter<NoteDocument, { state: string }>({
      collectionName: 'notes',
      collection,
      lock,
      nudgeOutbox: () => undefined,
      read: async (id) => ({ state: id === 'gone-1' ? 'gone' : 'here' }),
      isErased,
    });
    await expect(writer.change('gone-1', () => 'unchanged')).resolves.toBe('erased');
    await expect(writer.change('here-1', (state) => (state.state === 'here' ? 'unchanged' : 'stale'))).resolves.toBe('unchanged');
    expect(isErased).toHaveBeenCalledWith('gone-1', { state: 'gone' });
    expect(reads).toEqual([]);
  });

  it('nudges the relay for one document on request', () => {
    const { writer, nudges } = writerOver(null);
    writer.nudge('NOTE-1');
    expect(nudges).toEqual([['notes', 'note-1']]);
  });
});
