export {
  OpenHumansClient,
  AUTHORIZE_PATH,
  TOKEN_PATH,
  EXCHANGE_MEMBER_PATH,
  UPLOAD_PATH,
  DELETE_FILES_PATH,
  REMOVE_MEMBERS_PATH,
  type OpenHumansUpload,
  PROJECT_MESSAGE_PATH,
  type OpenHumansClientOptions,
  type OpenHumansTokens,
  type OpenHumansMember,
  type OpenHumansFile,
} from './open-humans-client';
export { OpenHumansError, type OpenHumansErrorKind } from './errors';
export { GENOTYPE_SOURCES, genotypeSourcesOf, hasGenotypeFile } from './genotype';
export { REFRESH_MARGIN_MS, expiryFrom, needsRefresh } from './token-expiry';
