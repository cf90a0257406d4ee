// What every service does when a participant asks for erasure.
export { ErasedParticipants, ERASED_COLLECTION, type ErasedDocument } from './erased-participants';
export { eraseParticipant, type EraseParticipantDeps, type PersonalDataCollection } from './erase-participant';
