import './tracing';
import { runMain } from '@study/service-kit';
import { start } from './app';
import { loadScoringConfig, SERVICE_NAME } from './config';

runMain(SERVICE_NAME, () => start(loadScoringConfig()));
