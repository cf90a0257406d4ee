import { errorMessageFrom } from '../../../api/error-message';

/**
 * The text to show when the roster request fails: the `error` field of a JSON error body when there
 * is one, otherwise whatever the server sent.
 */
export const rosterErrorMessage = errorMessageFrom;
