import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/jobs';
import type { RentalsService } from './rentals.service';

/** Ends rentals whose time is up and stops their game servers; one instance at a time. */
export function rentalExpiryJob(rentals: RentalsService, log: FastifyBaseLogger): JobDefinition {
  return {
    name: 'rental-expiry',
    intervalMs: 15_000,
    leaseMs: 120_000,
    run: async () => {
      const expired = await rentals.expireDue();
      if (expired > 0) log.info({ expired }, 'rentals ended');
    },
  };
}
