/** Where the stand-ins say what they started and what they could not: pino's shape, so the demo passes its logger. */
export interface WorldLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A log that drops everything, for callers that do not pass one. */
export const silentWorldLog: WorldLog = { info() {}, warn() {} };
