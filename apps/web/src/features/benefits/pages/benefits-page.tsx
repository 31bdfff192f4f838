import type { ReactNode } from 'react';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { QUALIFYING_WINDOW_DAYS } from '@crimsonhost/shared/benefits';
import { useLocation } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { SectionCard } from '../../../components/section-card';
import { CardGridSkeleton, ListSkeleton } from '../../../components/skeleton-loaders';
import { useBenefitsProgram } from '../api/get-benefits-program';
import { useMyBenefits } from '../../../lib/benefits/get-my-benefits';
import { MovingRules, SpendRules } from '../components/benefits-rules';
import { MyTier } from '../components/my-tier';
import { TIER_COLUMNS, TierCards } from '../components/tier-cards';
import { TierHistory } from '../components/tier-history';
import { WorkedExamples } from '../components/worked-examples';

/** A part of the page under its own level-2 heading. */
function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title id={id} level={2} style={{ fontSize: 22, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A visitor's place of "Your tier": why to sign in, and back here afterwards. */
function SignInPrompt() {
  const { pathname } = useLocation();
  return (
    <Card>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>
          Sign in to see your tier, your qualifying spend and how much is missing to the next tier.
        </Typography.Paragraph>
        <Flex wrap gap={8}>
          <ButtonLink type="primary" to={paths.login.href(pathname)}>
            Sign in
          </ButtonLink>
          <ButtonLink to={paths.register.href(pathname)}>Create account</ButtonLink>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The signed-in renter's tier and tier changes, at the top of the page. */
function MyStanding({ windowDays }: { windowDays: number }) {
  const me = useMyBenefits();
  if (me.isError && !me.data) {
    return (
      <section aria-label="Your tier">
        <SectionCard title="Your tier">
          <LoadErrorResult title="Your tier could not be loaded" query={me} />
        </SectionCard>
      </section>
    );
  }
  return (
    <>
      <section aria-label="Your tier">
        <SectionCard title="Your tier">
          {me.data ? (
            <MyTier me={me.data} windowDays={windowDays} />
          ) : (
            <div role="status" aria-label="Loading your tier" aria-busy="true">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          )}
        </SectionCard>
      </section>
      <section aria-label="Your tier changes">
        <SectionCard title="Your tier changes">
          {me.data ? <TierHistory history={me.data.history} /> : <ListSkeleton rows={2} />}
        </SectionCard>
      </section>
    </>
  );
}

/**
 * /benefits, open to visitors: the tiers, what counts, how one moves up and down, worked
 * examples; a signed-in renter first sees where they stand (issue 18, decision 049).
 */
export function BenefitsPage() {
  const { status } = useAuth();
  const program = useBenefitsProgram();
  const me = useMyBenefits();
  const windowDays = program.data?.windowDays ?? QUALIFYING_WINDOW_DAYS;

  return (
    <>
      <title>Benefits tiers · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Benefits tiers' }]} />
      <Flex vertical gap={24}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
            Benefits tiers
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0 }}>
            The more you rent, the less you pay. Your tier follows the USDT you paid for rentals
            over the last {windowDays} days, and each tier above the first takes a discount off
            every rental.
          </Typography.Paragraph>
        </div>

        {status === 'authenticated' ? (
          <MyStanding windowDays={windowDays} />
        ) : status === 'loading' ? (
          <div role="status" aria-label="Loading your tier" aria-busy="true">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        ) : (
          <SignInPrompt />
        )}

        {program.isError && !program.data ? (
          <LoadErrorResult title="The benefits tiers could not be loaded" query={program} />
        ) : !program.data ? (
          <>
            <CardGridSkeleton count={4} columns={TIER_COLUMNS} />
            <ListSkeleton rows={4} />
          </>
        ) : (
          <>
            <PageSection id="benefits-tiers" title="The tiers">
              <TierCards program={program.data} current={me.data?.tier} />
            </PageSection>
            <PageSection id="benefits-spend" title="How your spend counts">
              <SpendRules program={program.data} />
            </PageSection>
            <PageSection id="benefits-moving" title="Moving up and down">
              <MovingRules program={program.data} />
            </PageSection>
            <PageSection id="benefits-examples" title="Examples">
              <WorkedExamples program={program.data} />
            </PageSection>
          </>
        )}
      </Flex>
    </>
  );
}
