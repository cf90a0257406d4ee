import './tracing';
import { runMain } from '@study/service-kit';
import { start } from './app';
import { loadReportsConfig, SERVICE_NAME } from './config';

runMain(SERVICE_NAME, () => start(loadReportsConfig()));
