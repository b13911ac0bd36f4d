// What the parts of the agent log through: pino in the app (logger.ts), nothing or a
// recorder in tests. Defined here, where logging lives, and imported by whoever logs.
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
