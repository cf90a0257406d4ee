export * from './nardi-report';
