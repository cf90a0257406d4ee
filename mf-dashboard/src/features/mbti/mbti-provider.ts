/**
 * Where 'I am Ready' sends the participant: the official MBTI assessment's online provider.
 * The study's settings do not name one, so this is the provider the study uses.
 */
export const MBTI_PROVIDER_URL = 'https://www.mbtionline.com/';
