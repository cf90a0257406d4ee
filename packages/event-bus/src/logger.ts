type LogFn = (o: object, msg?: string) => void;

/** The subset of a pino logger the event runtime writes to; errors go under `err`. */
export interface EventLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
