import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * The test clock of the staff area (decision 042): only with TEST_CLOCK, which needs the demo
 * data. An end-to-end run (or a person trying the demo) moves it ahead to end rentals and close
 * dispute windows without waiting days.
 */

/** The largest step one move may take: 60 days. */
export const TEST_CLOCK_MAX_HOURS = 60 * 24;

export const testClockSchema = z.object({
  /** The storefront's time now. */
  now: z.string(),
  /** How far it is ahead of the real time. */
  offsetMs: z.number().int(),
});
export type TestClockView = z.infer<typeof testClockSchema>;

export const testClockMovedSchema = testClockSchema.extend({
  /** Rentals whose time was up at the new time, ended now. */
  rentalsEnded: z.number().int(),
  /** Rentals whose dispute window closed at the new time, their vendor's share now available. */
  earningsCleared: z.number().int(),
});
export type TestClockMoved = z.infer<typeof testClockMovedSchema>;

export const testClockAdvanceSchema = z.object({
  hours: z
    .number({ message: 'hours must be a number' })
    .int('hours must be whole hours')
    .min(1, 'Move the clock at least 1 hour ahead')
    .max(TEST_CLOCK_MAX_HOURS, 'Move the clock at most 60 days at once'),
});
export type TestClockAdvance = z.infer<typeof testClockAdvanceSchema>;

/** The clock, or null when the storefront keeps real time (TEST_CLOCK off). */
export const testClockResponseSchema = dataEnvelope(testClockSchema.nullable());
export const testClockMovedResponseSchema = dataEnvelope(testClockMovedSchema);
