import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { benefitsProgramSchema, myBenefitsSchema } from '@crimsonhost/shared/benefits';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { BenefitsService } from './benefits.service';

const tags = ['benefits'];

/** Benefits tiers: the programme for anyone, and where the signed-in renter stands. */
export const benefitsRoutes =
  ({ guards, benefits }: { guards: Guards; benefits: BenefitsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/benefits',
      {
        schema: {
          tags,
          summary: 'The benefits tiers: thresholds of qualifying spend, discounts and perks',
          response: { 200: dataEnvelope(benefitsProgramSchema) },
        },
      },
      async () => ({ data: await benefits.program() }),
    );
    app.get(
      '/benefits/me',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'My tier, qualifying spend, progress to the next tier, demotion date and tier history',
          response: { 200: dataEnvelope(myBenefitsSchema) },
        },
      },
      async (request) => ({ data: await benefits.me(principalOf(request).user.id) }),
    );
  };
