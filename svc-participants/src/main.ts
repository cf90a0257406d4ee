import './tracing';
import { runMain } from '@study/service-kit';
import { start } from './app';
import { loadParticipantsConfig, SERVICE_NAME } from './config';
import { participantsLogger } from './observability/secret-scrubbing';

runMain(SERVICE_NAME, () => {
  const config = loadParticipantsConfig();
  return start(config, { logger: participantsLogger(config, SERVICE_NAME) });
});
