export { AdminApiError, httpAdminApi, startDownload, type AdminApi, type FetchLike } from './api/admin-api';
export { errorMessageFrom } from './api/error-message';
export { MASTER_KEY_STORAGE_KEY, readStoredMasterKey, useMasterKey } from './api/master-key';
export { AdminNav } from './components/AdminNav';
export { MasterKeyField } from './components/MasterKeyField';
