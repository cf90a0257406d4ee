// The locked write of one document with its outbox, the one way the services write such documents.
export {
  createDocumentWriter,
  documentLockKey,
  type ApplyOutcome,
  type Change,
  type Decision,
  type DocumentCollection,
  type DocumentFields,
  type DocumentWriter,
  type DocumentWriterOptions,
  type LockedDocument,
} from './document-writer';
export { compact } from './compact';
