import { Button, Card, Collapse, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { FaqSearchHit } from '@crimsonhost/shared/support';
import { Markdown } from '../../../components/markdown';
import { useSuggestions } from '../api/faq';
import { HighlightedText } from './highlighted-text';

/** Waits `ms` after the last change before answering the new value. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * FAQ answers close to the ticket being written, beside the form: most questions have one. "This
 * answered my question" counts a deflection and leaves the form.
 */
export function FaqSuggestions({
  text,
  onAnswered,
}: {
  text: string;
  onAnswered: (hit: FaqSearchHit) => void;
}) {
  const settled = useDebounced(text.trim(), 400);
  const suggestions = useSuggestions(settled);
  const hits = suggestions.data ?? [];
  return (
    <Card size="small" title="Answers that may help" aria-live="polite">
      {settled.split(/\s+/).length < 3 ? (
        <Typography.Text type="secondary">
          As you describe the problem, answers from the FAQ that match it appear here.
        </Typography.Text>
      ) : hits.length === 0 ? (
        <Typography.Text type="secondary">
          {suggestions.isFetching ? 'Looking for answers…' : 'No FAQ answer matches yet.'}
        </Typography.Text>
      ) : (
        <Collapse
          size="small"
          items={hits.map((hit) => ({
            key: hit.article.id,
            label: <HighlightedText parts={hit.title} />,
            children: (
              <Flex vertical gap={8}>
                <Markdown>{hit.article.body}</Markdown>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => onAnswered(hit)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  This answered my question
                </Button>
              </Flex>
            ),
          }))}
        />
      )}
    </Card>
  );
}
