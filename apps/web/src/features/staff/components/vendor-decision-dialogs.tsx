import { Form, Typography } from 'antd';
import { textFieldSchema } from '@crimsonhost/shared/text';
import type { AdminVendor, DecideApplicationRequest } from '@crimsonhost/shared/vendors';
import { TextArea } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { useDecideVendorApplication } from '../api/decide-vendor-application';
import { ActionDialog } from './action-dialog';
import { REASON_MAX, ReasonField } from './reason-field';

/** What the page says when another admin's decision arrived first. */
export const DECIDED_FIRST = 'Another admin decided this application first.';

/** The optional note of an approval: what is typed is checked; nothing typed is no note. */
const noteSchema = textFieldSchema({ label: 'Note', min: 0, max: REASON_MAX });

interface DecisionDialogProps {
  vendor: AdminVendor;
  open: boolean;
  onClose: () => void;
  /** Nothing waited any more (409): another admin decided first; the page reads the vendor again. */
  onDecidedFirst: () => void;
}

/**
 * Sends a decision; a 409 (the application was decided meanwhile) is not this dialog's failure:
 * the dialog closes and the page says so.
 */
function useDecide(vendor: AdminVendor, onDecidedFirst: () => void) {
  const decide = useDecideVendorApplication();
  const send = async (body: DecideApplicationRequest) => {
    try {
      return await decide.mutateAsync({ vendorId: vendor.id, ...body });
    } catch (caught) {
      if (toApiError(caught).status !== 409) throw caught;
      onDecidedFirst();
      return null;
    }
  };
  return { send, pending: decide.isPending };
}

interface ApproveValues {
  reason?: string;
}

/** Approves the waiting application: the account becomes a vendor. A note is optional. */
export function ApproveApplicationDialog({
  vendor,
  open,
  onClose,
  onDecidedFirst,
}: DecisionDialogProps) {
  const { send, pending } = useDecide(vendor, onDecidedFirst);
  const toast = useToast();
  return (
    <ActionDialog<ApproveValues>
      name="approve-application"
      open={open}
      title={`Approve ${vendor.displayName}`}
      okText="Approve"
      pending={pending}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        const note = reason?.trim();
        const decided = await send(
          note ? { decision: 'approve', reason: note } : { decision: 'approve' },
        );
        if (decided)
          toast('success', `Application approved: ${vendor.displayName} is now a vendor`);
      }}
    >
      <Typography.Paragraph>
        Approving makes {vendor.displayName} a vendor: the account {vendor.account.email} gets the
        vendor role and is told by mail and in the web app. The decision goes to the audit log.
      </Typography.Paragraph>
      <Form.Item
        name="reason"
        label="Note (optional)"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value !== 'string' || value.trim() === '') return;
              const result = noteSchema.safeParse(value);
              if (!result.success) throw new Error(result.error.issues[0]?.message);
            },
          },
        ]}
        normalize={(value: string) => value.replace(/[\r\n]+/g, ' ')}
      >
        <TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </ActionDialog>
  );
}

interface RejectValues {
  reason: string;
}

/** Rejects the waiting application with the reason the applicant is shown. */
export function RejectApplicationDialog({
  vendor,
  open,
  onClose,
  onDecidedFirst,
}: DecisionDialogProps) {
  const { send, pending } = useDecide(vendor, onDecidedFirst);
  const toast = useToast();
  return (
    <ActionDialog<RejectValues>
      name="reject-application"
      open={open}
      title={`Reject ${vendor.displayName}`}
      okText="Reject"
      danger
      pending={pending}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        const decided = await send({ decision: 'reject', reason });
        if (decided) toast('success', `Application of ${vendor.displayName} rejected`);
      }}
    >
      <Typography.Paragraph>
        The account {vendor.account.email} stays a customer. The applicant sees the reason with the
        decision and may apply again.
      </Typography.Paragraph>
      <ReasonField extra="Shown to the applicant and kept in the audit log." />
    </ActionDialog>
  );
}
