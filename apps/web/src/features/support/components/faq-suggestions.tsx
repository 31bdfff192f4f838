import { Alert, Button, Card, Collapse, Flex, Typography } from 'antd';
import type { FaqSearchHit } from '@crimsonhost/shared/support';
import { Markdown } from './markdown';
import { SUGGESTION_MIN_WORDS, useFaqSuggestions, wordCount } from '../api/get-faq-suggestions';
import { useDebouncedValue } from '../use-debounce';
import { HighlightedText } from './highlighted-text';

/** The start of a long message says what it is about; the API takes at most 2,000 characters. */
const SUGGESTION_TEXT_MAX = 1000;

/**
 * FAQ answers close to the ticket being written, beside the form (below it on a phone): most
 * questions have one. Asked once typing pauses and the text has three words or more. "This
 * answered my question" hands the article to `onAnswered`.
 */
export function FaqSuggestions({
  text,
  onAnswered,
  answering,
}: {
  text: string;
  onAnswered: (hit: FaqSearchHit) => void;
  /** The deflection is being counted. */
  answering?: boolean;
}) {
  const settled = useDebouncedValue(text.trim().replace(/\s+/g, ' ').slice(0, SUGGESTION_TEXT_MAX));
  const suggestions = useFaqSuggestions(settled);
  const enough = wordCount(settled) >= SUGGESTION_MIN_WORDS;
  const hits = enough ? (suggestions.data ?? []) : [];

  let body;
  if (!enough) {
    body = (
      <Typography.Text type="secondary">
        As you describe the problem, answers from the FAQ that match it appear here.
      </Typography.Text>
    );
  } else if (suggestions.isError && !suggestions.data) {
    body = <Alert type="info" showIcon title="Answers from the FAQ could not be looked up." />;
  } else if (hits.length === 0) {
    body = (
      <Typography.Text type="secondary">
        {suggestions.isFetching ? 'Looking for answers…' : 'No FAQ answer matches yet.'}
      </Typography.Text>
    );
  } else {
    body = (
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
                loading={answering}
                onClick={() => onAnswered(hit)}
                style={{ alignSelf: 'flex-start' }}
              >
                This answered my question
              </Button>
            </Flex>
          ),
        }))}
      />
    );
  }

  return (
    <Card size="small" title="Answers that may help">
      <div aria-live="polite">{body}</div>
    </Card>
  );
}
