import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON } from 'mongodb';
import {
  type BackupManifest,
  checkFiles,
  collectionFile,
  collectionsToCopy,
  countMismatches,
  damagedFiles,
  documentLine,
  FORMAT,
  indexesToRestore,
  MANIFEST_FILE,
  manifestFiles,
  manifestTotals,
  overriddenSecrets,
  parseDocumentLine,
  parseManifest,
  readManifest,
  Refused,
  refuseOverData,
  restoreTargets,
  serializeIndexes,
  sha256File,
  timestampName,
} from './backup-folder';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A backup folder on disk with one collection file and one state file, and its manifest (written). */
function writeBackup(dir: string): BackupManifest {
  const lines = `${documentLine({ _id: 'p1', n: new BSON.Int32(1) })}${documentLine({ _id: 'p2', n: new BSON.Int32(2) })}`;
  const file = collectionFile('participants', 'participants');
  fs.mkdirSync(path.join(dir, 'participants'), { recursive: true });
  fs.writeFileSync(path.join(dir, file), lines);
  fs.mkdirSync(path.join(dir, 'state'));
  fs.writeFileSync(path.join(dir, 'state', 'secrets.json'), '{"tokenEncryptionKey":"00"}');
  const manifest: BackupManifest = {
    format: FORMAT,
    startedAt: '2026-03-24T02:00:00.000Z',
    finishedAt: '2026-03-24T02:00:01.000Z',
    source: 'MONGO_URL',
    versions: { study: '0.1.0', commit: null, node: 'v20.19.0', mongodbDriver: '7.9.0', server: '7.0.77', ferretdb: 'v1.24.2' },
    databases: [
      {
        service: 'svc-participants',
        name: 'participants',
        database: 'participants',
        collections: [
          {
            name: 'participants',
            file,
            documents: 2,
            bytes: Buffer.byteLength(lines),
            sha256: sha256(lines),
            pendingEvents: 1,
            indexes: serializeIndexes([
              { v: 2, key: { _id: 1 }, name: '_id_' },
              { v: 2, key: { email: 1 }, name: 'email_1', unique: true },
            ]),
          },
        ],
      },
      { service: 'svc-scoring', name: 'scoring', database: 'scoring', collections: [] },
    ],
    stateFiles: [{ file: path.join('state', 'secrets.json'), restoreAs: 'secrets.json', bytes: 27, sha256: sha256('{"tokenEncryptionKey":"00"}') }],
  };
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-folder-test-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup folder', () => {
  it('names each collection file by its database and collection, made safe for a file system', () => {
    expect(collectionFile('participants', 'participants')).toBe(path.join('participants', 'participants.ejson'));
    expect(collectionFile('p/x', 'a:b c')).toBe(path.join('p%2Fx', 'a%3Ab%20c.ejson'));
  });

  it('is named by its UTC time without colons or fractions of a second', () => {
    expect(timestampName(new Date('2026-03-24T02:00:05.123Z'))).toBe('2026-03-24T02-00-05Z');
  });

  it('keeps every document with its exact BSON types, one line each', () => {
    const doc = { _id: new BSON.ObjectId('65f000000000000000000001'), double: new BSON.Double(1), int32: new BSON.Int32(1), int64: BSON.Long.fromNumber(2 ** 40), at: new Date('2026-03-24T02:00:00.123Z'), pdf: new BSON.Binary(Buffer.from([0, 255])) };
    const line = documentLine(doc);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    const back = parseDocumentLine(line);
    expect(back.double).toBeInstanceOf(BSON.Double);
    expect(back.int32).toBeInstanceOf(BSON.Int32);
    expect(back.int64).toBeInstanceOf(BSON.Long);
    // The stored bytes are the same: nothing became a JavaScript number on the way.
    expect(Buffer.from(BSON.serialize(back)).equals(Buffer.from(BSON.serialize(doc)))).toBe(true);
  });

  it('copies plain collections only, by name', () => {
    expect(collectionsToCopy([{ name: 'reports', type: 'collection' }, { name: 'system.views', type: 'collection' }, { name: 'a-view', type: 'view' }, { name: 'audit' }])).toEqual(['audit', 'reports']);
  });

  it('keeps the indexes as JSON and gives them back to createIndexes without _id_ and the server fields', () => {
    const kept = serializeIndexes([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { date: -1, n: 1 }, name: 'date_desc_n', ns: 'participants.probe' },
      { v: 2, key: { string: 1 }, name: 'string_unique', unique: true },
    ]);
    const restored = indexesToRestore(JSON.parse(JSON.stringify(kept)) as unknown[]);
    // The key's numbers keep their BSON type (as the server listed them).
    expect(restored).toEqual([
      { key: { date: new BSON.Int32(-1), n: new BSON.Int32(1) }, name: 'date_desc_n' },
      { key: { string: new BSON.Int32(1) }, name: 'string_unique', unique: true },
    ]);
  });

  it('counts documents and those with unpublished events', () => {
    const manifest = writeBackup(dir);
    expect(manifestTotals(manifest)).toEqual({ documents: 2, pendingEvents: 1 });
    expect(manifestFiles(manifest).map((f) => f.file)).toEqual([collectionFile('participants', 'participants'), path.join('state', 'secrets.json')]);
  });

  it('names the secrets the environment sets, which the backup cannot hold', () => {
    expect(overriddenSecrets({ TOKEN_ENCRYPTION_KEY: 'k', ADMIN_MASTER_KEY: '', HOME: '/root' })).toEqual(['TOKEN_ENCRYPTION_KEY']);
  });

  it('checksums a file as SHA-256', async () => {
    fs.writeFileSync(path.join(dir, 'f'), 'abc');
    await expect(sha256File(path.join(dir, 'f'))).resolves.toBe(sha256('abc'));
  });
});

describe('the manifest', () => {
  it('reads back as written', () => {
    const manifest = writeBackup(dir);
    expect(readManifest(dir)).toEqual(manifest);
  });

  it('is refused when missing: the backup did not finish', () => {
    expect(() => readManifest(dir)).toThrow(Refused);
    expect(() => readManifest(dir)).toThrow(`${path.join(dir, MANIFEST_FILE)} is missing: not a backup folder, or a backup that did not finish`);
  });

  it('is refused in another format, naming both', () => {
    const text = JSON.stringify({ ...writeBackup(dir), format: 'study-backup/2' });
    expect(() => parseManifest(text, 'm.json')).toThrow(new Refused(`m.json is of format study-backup/2; this restore reads ${FORMAT}`));
    expect(() => parseManifest('{}', 'm.json')).toThrow(`m.json is of format undefined; this restore reads ${FORMAT}`);
  });

  it('is refused when it is not JSON or lacks what a restore reads', () => {
    expect(() => parseManifest('{"format":', 'm.json')).toThrow(Refused);
    const manifest = writeBackup(dir);
    const withoutCount = JSON.parse(JSON.stringify(manifest)) as { databases: { collections: Record<string, unknown>[] }[] };
    delete withoutCount.databases[0]?.collections[0]?.documents;
    expect(() => parseManifest(JSON.stringify(withoutCount), 'm.json')).toThrow('m.json is damaged: databases[0].collections[0] has no number "documents"');
    expect(() => parseManifest(JSON.stringify({ ...manifest, stateFiles: undefined }), 'm.json')).toThrow('m.json is damaged: manifest has no list "stateFiles"');
    const keyless = JSON.parse(JSON.stringify(manifest)) as { databases: { collections: { indexes: unknown[] }[] }[] };
    keyless.databases[0]?.collections[0]?.indexes.push({ name: 'no_key' });
    expect(() => parseManifest(JSON.stringify(keyless), 'm.json')).toThrow('m.json is damaged: databases[0].collections[0].indexes[2] is not an index with a key');
  });

  it('accepts versions that are unknown (a restore does not depend on them)', () => {
    const manifest = writeBackup(dir);
    const parsed = parseManifest(JSON.stringify({ ...manifest, versions: { node: 'v22.0.0' } }), 'm.json');
    expect(parsed.versions).toEqual({ study: null, commit: null, node: 'v22.0.0', mongodbDriver: null, server: null, ferretdb: null });
  });
});

describe('restore refuses', () => {
  it('nothing when every file matches the manifest', async () => {
    const manifest = writeBackup(dir);
    await expect(damagedFiles(dir, manifest)).resolves.toEqual([]);
    await expect(checkFiles(dir, manifest)).resolves.toBeUndefined();
  });

  it('a backup with a missing or changed file, naming each, before anything is written', async () => {
    const manifest = writeBackup(dir);
    fs.rmSync(path.join(dir, 'state', 'secrets.json'));
    fs.appendFileSync(path.join(dir, collectionFile('participants', 'participants')), ' ');
    const collection = collectionFile('participants', 'participants');
    await expect(damagedFiles(dir, manifest)).resolves.toEqual([`${collection} does not match its checksum`, `${path.join('state', 'secrets.json')} is missing`]);
    await expect(checkFiles(dir, manifest)).rejects.toThrow(new Refused(`the backup is damaged, nothing was restored:\n  ${collection} does not match its checksum\n  ${path.join('state', 'secrets.json')} is missing`));
  });

  it('a file of the same size but other bytes', async () => {
    const manifest = writeBackup(dir);
    const file = path.join(dir, collectionFile('participants', 'participants'));
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('p1', 'p9'));
    await expect(damagedFiles(dir, manifest)).resolves.toEqual([`${collectionFile('participants', 'participants')} does not match its checksum`]);
  });

  it("a database of a service this version does not have, and otherwise maps each to this stack's database", () => {
    const manifest = writeBackup(dir);
    const services = [
      { name: 'participants', database: 't1_participants' },
      { name: 'scoring', database: 't1_scoring' },
    ];
    expect(restoreTargets(manifest, services).map((d) => [d.name, d.target])).toEqual([
      ['participants', 't1_participants'],
      ['scoring', 't1_scoring'],
    ]);
    expect(() => restoreTargets(manifest, services.slice(0, 1))).toThrow(new Refused('the backup holds a database for "scoring", which this version has no service for'));
  });

  it('to write over documents unless forced', () => {
    expect(() => refuseOverData(['participants.participants'], false)).toThrow(Refused);
    expect(() => refuseOverData(['participants.participants', 'scoring.scores'], false)).toThrow('refusing to restore over data: participants.participants, scoring.scores hold documents.');
    expect(() => refuseOverData(['participants.participants'], true)).not.toThrow();
    expect(() => refuseOverData([], false)).not.toThrow();
  });

  it('to finish when a restored count differs from the manifest', () => {
    const manifest = writeBackup(dir);
    const collection = manifest.databases[0]!.collections[0]!;
    expect(countMismatches([{ target: 'participants', collection, count: 2 }])).toEqual([]);
    expect(countMismatches([{ target: 'participants', collection, count: 1 }])).toEqual(['participants.participants: 1 documents, the manifest says 2']);
  });
});
