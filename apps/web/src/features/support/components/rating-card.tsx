import { Alert, Button, Card, Flex, Rate, Typography } from 'antd';
import { useState } from 'react';
import type { TicketDetail } from '@crimsonhost/shared/support';
import { TextArea } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useRateTicket } from '../api/rate-ticket';

const SCORE_WORDS = ['Very poor', 'Poor', 'Okay', 'Good', 'Excellent'];

/**
 * "How did we do?" once staff resolved the ticket (`canRate`), sent once; afterwards the rating
 * given. Nothing for a guest link (ratings belong to accounts) or when there is nothing to rate.
 */
export function RatingCard({ ticket, guest }: { ticket: TicketDetail; guest: boolean }) {
  const rate = useRateTicket();
  const toast = useToast();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');

  if (ticket.rating) {
    return (
      <Card size="small" title="Your rating">
        <Rate
          disabled
          value={ticket.rating.score}
          aria-label={`You rated ${ticket.rating.score} of 5`}
        />
        {ticket.rating.comment && (
          <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>
            {ticket.rating.comment}
          </Typography.Paragraph>
        )}
      </Card>
    );
  }
  if (!ticket.canRate || guest) return null;
  return (
    <Card size="small" title="How did we do?">
      <Flex vertical gap={8}>
        <Rate
          value={score}
          onChange={setScore}
          tooltips={SCORE_WORDS}
          aria-label="Rate the answer from 1 to 5 stars"
        />
        <TextArea
          aria-label="Comment (optional)"
          placeholder="Anything we could do better? (optional)"
          rows={2}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {rate.error && (
          <Alert type="error" showIcon title={describeApiError(toApiError(rate.error))} />
        )}
        <Button
          type="primary"
          disabled={score === 0}
          loading={rate.isPending}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            rate.mutate(
              { id: ticket.id, score, comment: comment.trim() || undefined },
              { onSuccess: () => toast('success', 'Thank you for rating our answer') },
            )
          }
        >
          Send rating
        </Button>
      </Flex>
    </Card>
  );
}
