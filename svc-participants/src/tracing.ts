// Imported first by main.ts: the instrumentations patch express, mongodb, redis and http as they
// are first required, so they must be registered before anything else loads them.
import { traceProcess } from '@study/tracing';

traceProcess({ service: 'svc-participants', release: process.env.RELEASE });
