import './tracing';
import { runMain } from '@study/service-kit';
import { createGateway } from './app';
import { loadConfig } from './config';

runMain('gateway', async () => {
  const gateway = createGateway(loadConfig(process.env));
  await gateway.start();
  return { stop: gateway.stop, ctx: { logger: gateway.logger } };
});
