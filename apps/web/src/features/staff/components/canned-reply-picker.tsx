import { Select } from 'antd';
import type { CannedReply } from '@crimsonhost/shared/support-desk';
import { useCannedReplies } from '../api/get-canned-replies';

/** Picks a canned reply to put into the answer; it never holds a value of its own. */
export function CannedReplyPicker({ onPick }: { onPick: (reply: CannedReply) => void }) {
  const canned = useCannedReplies();
  return (
    <Select<string>
      aria-label="Insert a canned reply"
      placeholder="Insert a canned reply"
      style={{ minWidth: 220, maxWidth: '100%' }}
      loading={canned.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      value={null}
      notFoundContent={
        canned.isError ? 'The canned replies could not be loaded.' : 'No canned replies yet.'
      }
      options={(canned.data ?? []).map((reply) => ({ value: reply.id, label: reply.title }))}
      onChange={(id) => {
        const reply = canned.data?.find((candidate) => candidate.id === id);
        if (reply) onPick(reply);
      }}
    />
  );
}
