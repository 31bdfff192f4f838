import { Alert } from 'antd';
import type { MyVendorStanding } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { asSentence } from '../vendor-standing';
import { Dated } from './dated';

/**
 * Above the form when I apply again: why my last application was rejected, or why my vendor
 * account was closed.
 */
export function PreviousDecision({
  after,
  standing,
}: {
  after: 'rejected' | 'closed';
  standing: MyVendorStanding;
}) {
  if (after === 'closed') {
    const reason = standing.vendor?.statusReason;
    return (
      <Alert
        type="info"
        showIcon
        title="Your vendor account is closed"
        description={
          <>
            {reason ? `Reason: ${asSentence(reason)} ` : ''}You can apply again below. If you have
            questions about the closing,{' '}
            <TextLink to={paths.support.href()}>write to support</TextLink>.
          </>
        }
      />
    );
  }
  const application = standing.application;
  return (
    <Alert
      type="warning"
      showIcon
      title="Your last application was not approved"
      description={
        <>
          {application?.decisionReason ? `Reason: ${asSentence(application.decisionReason)} ` : ''}
          {application?.decidedAt && (
            <>
              Decided on <Dated at={application.decidedAt} />.{' '}
            </>
          )}
          Correct what is needed below and send it again.
        </>
      }
    />
  );
}
