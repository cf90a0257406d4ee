import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { StaffAccount } from '@study/contracts';
import type { StaffRole, StoredPasskey } from '@study/staff-auth';
import type { SealedSecret, TokenCipher } from './token-cipher';

export const STAFF_ACCOUNTS_COLLECTION = 'staff-accounts';

/** Who added an account (stored as the contracts show it). */
export type StaffCreator = StaffAccount['createdBy'];

/** A passkey as stored: the public key and its counter, never anything secret. */
export interface StoredPasskeyDocument extends Omit<StoredPasskey, 'createdAt'> {
  createdAt: Date;
}

/**
 * One person of the study team. The password is an argon2id hash; the TOTP secret is sealed with
 * TOKEN_ENCRYPTION_KEY (as the Open Humans tokens are), bound to the account, so a copy of the
 * database does not give the second factor away. The set-up code is kept as its SHA-256 only.
 */
export interface StaffAccountDocument {
  _id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: Date;
  createdBy: StaffCreator;
  passwordHash?: string;
  totp?: { secret: SealedSecret; lastUsedStep: number | null };
  /** The secret offered by the set-up's first step, until the person confirms it with a code. */
  pendingTotp?: SealedSecret;
  setup?: { codeHash: string; expiresAt: Date };
  passkeys: StoredPasskeyDocument[];
  setUpAt?: Date;
}

export const setupCodeHash = (code: string): string => createHash('sha256').update(code.trim()).digest('base64url');

/** The study team's accounts: e-mail unique (lower case), looked up by e-mail, id or passkey. */
export class StaffAccountsRepository {
  readonly collection: Collection<StaffAccountDocument>;

  constructor(
    db: Db,
    private readonly cipher: TokenCipher,
  ) {
    this.collection = db.collection<StaffAccountDocument>(STAFF_ACCOUNTS_COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
    await this.collection.createIndex({ 'passkeys.credentialId': 1 }, { name: 'passkey_credential', sparse: true });
  }

  /** Adds an account; false when one with this e-mail exists already. */
  async insert(account: StaffAccountDocument): Promise<boolean> {
    try {
      await this.collection.insertOne(account);
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code === 11000) return false;
      throw err;
    }
  }

  findById(id: string): Promise<StaffAccountDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  findByEmail(email: string): Promise<StaffAccountDocument | null> {
    return this.collection.findOne({ email: email.trim().toLowerCase() });
  }

  findByPasskey(credentialId: string): Promise<StaffAccountDocument | null> {
    return this.collection.findOne({ 'passkeys.credentialId': credentialId });
  }

  list(): Promise<StaffAccountDocument[]> {
    return this.collection.find({}).sort({ createdAt: 1, _id: 1 }).limit(1000).toArray();
  }

  /** Whether any owner exists (the master key may add the first one only). */
  async hasOwner(): Promise<boolean> {
    return (await this.collection.countDocuments({ role: 'owner' }, { limit: 1 })) > 0;
  }

  /** Whether an owner other than this person has set up their account (so someone can still manage the team). */
  async hasOtherSetUpOwner(staffId: string): Promise<boolean> {
    return (await this.collection.countDocuments({ role: 'owner', _id: { $ne: staffId }, setUpAt: { $exists: true } }, { limit: 1 })) > 0;
  }

  /** Sets a person's role; the account as it is now, or null when there is none. */
  changeRole(staffId: string, role: StaffRole): Promise<StaffAccountDocument | null> {
    return this.collection.findOneAndUpdate({ _id: staffId }, { $set: { role } }, { returnDocument: 'after' });
  }

  /** Removes a person's account; false when there was none. */
  async remove(staffId: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: staffId })).deletedCount === 1;
  }

  sealTotp(staffId: string, secret: string): SealedSecret {
    return this.cipher.seal(secret, `${staffId}:staff-totp`);
  }

  openTotp(staffId: string, sealed: SealedSecret): string {
    return this.cipher.open(sealed, `${staffId}:staff-totp`);
  }

  /** The set-up's first step: offers a TOTP secret (replacing one offered before) while the code is valid. */
  async offerTotp(staffId: string, codeHash: string, secret: SealedSecret, now: Date): Promise<boolean> {
    const result = await this.collection.updateOne({ _id: staffId, 'setup.codeHash': codeHash, 'setup.expiresAt': { $gt: now } }, { $set: { pendingTotp: secret } });
    return result.matchedCount === 1;
  }

  /**
   * The set-up's last step: the password and the confirmed TOTP secret, in one write that spends
   * the set-up code, so a code works for one set-up only.
   */
  async completeSetup(staffId: string, codeHash: string, passwordHash: string, totp: { secret: SealedSecret; lastUsedStep: number }, now: Date): Promise<boolean> {
    const result = await this.collection.updateOne(
      { _id: staffId, 'setup.codeHash': codeHash, 'setup.expiresAt': { $gt: now } },
      { $set: { passwordHash, totp, setUpAt: now }, $unset: { setup: '', pendingTotp: '' } },
    );
    return result.modifiedCount === 1;
  }

  /**
   * Records the TOTP step a sign-in used, only if it is later than the one stored (compare and
   * set): of two requests racing with one code, one wins and the other is refused as replayed.
   */
  async useTotpStep(staffId: string, step: number): Promise<boolean> {
    const result = await this.collection.updateOne(
      { _id: staffId, $or: [{ 'totp.lastUsedStep': null }, { 'totp.lastUsedStep': { $lt: step } }] },
      { $set: { 'totp.lastUsedStep': step } },
    );
    return result.modifiedCount === 1;
  }

  async setPasswordHash(staffId: string, passwordHash: string): Promise<void> {
    await this.collection.updateOne({ _id: staffId }, { $set: { passwordHash } });
  }

  async addPasskey(staffId: string, passkey: StoredPasskeyDocument): Promise<number> {
    const updated = await this.collection.findOneAndUpdate({ _id: staffId, 'passkeys.credentialId': { $ne: passkey.credentialId } }, { $push: { passkeys: passkey } }, { returnDocument: 'after' });
    return updated?.passkeys.length ?? 0;
  }

  /**
   * Stores a passkey's new signature counter, only forward (a cloned authenticator shows a counter
   * gone back). The account's passkeys are written whole: the database the study runs on by default
   * (FerretDB) takes neither $elemMatch with the positional operator nor array filters.
   */
  async advancePasskeyCounter(account: StaffAccountDocument, credentialId: string, counter: number): Promise<void> {
    const passkeys = account.passkeys.map((passkey) => (passkey.credentialId === credentialId && passkey.counter <= counter ? { ...passkey, counter } : passkey));
    await this.collection.updateOne({ _id: account._id }, { $set: { passkeys } });
  }
}
