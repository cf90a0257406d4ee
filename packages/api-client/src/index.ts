// The study API calls more than one frontend makes; calls of one frontend stay in its api/ folder.
export { fetchSettings, fetchUser } from './calls';
