// One typed client for every route of the table (@study/contracts routes), and the calls more than one frontend makes.
export { apiPath, callApi, type CallInput, type CallOptions } from './call-api';
export { fetchSettings, fetchUser } from './calls';
