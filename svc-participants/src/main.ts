import { runMain } from '@study/service-kit';
import { start } from './app';
import { loadParticipantsConfig, SERVICE_NAME } from './config';

runMain(SERVICE_NAME, () => start(loadParticipantsConfig()));
