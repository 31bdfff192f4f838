import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disputeEvidenceResponseSchema } from '@crimsonhost/shared/dispute-evidence';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { disputeEvidence } from './dispute-evidence';

const idParams = z.object({ id: z.string() });

/**
 * The measured evidence of a dispute under /api/admin/disputes (support and admin, behind the
 * staff area's guard): the rental's run states, status hours, power signals and panel errors,
 * and the hours down with the refund they suggest (issue 17 point 4).
 */
export const deskDisputeEvidenceRoutes =
  ({ db, clock }: { db: Executor; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/disputes/:id/evidence',
      {
        schema: {
          tags: ['disputes'],
          summary:
            "What the platform measured over a disputed rental's time: run states, status checks by hour, power signals, panel errors, and the hours down with the refund they suggest",
          params: idParams,
          response: { 200: disputeEvidenceResponseSchema },
        },
      },
      async (request) => ({ data: await disputeEvidence(db, clock, request.params.id) }),
    );
  };
