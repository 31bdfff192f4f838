import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { FaqArticle } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { Markdown } from './markdown';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useFaqArticle } from '../api/get-faq-article';
import { useVoteFaqArticle } from '../api/vote-faq-article';

/** The articles voted on in this tab: "Was this helpful?" is asked once. */
const VOTED_KEY = 'crimsonhost.faq-voted';

function votedArticles(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(VOTED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberVote(id: string) {
  try {
    sessionStorage.setItem(VOTED_KEY, JSON.stringify([...new Set([...votedArticles(), id])]));
  } catch {
    // Storage full or blocked: the question may come again, nothing worse.
  }
}

/**
 * An opened article: its answer, "Was this helpful?" and its permalink. Mounted when the article
 * is first opened, which reads it once (the API counts the view).
 */
export function FaqArticleBody({ article }: { article: FaqArticle }) {
  const viewed = useFaqArticle(article.slug);
  const vote = useVoteFaqArticle();
  const toast = useToast();
  const [voted, setVoted] = useState(() => votedArticles().includes(article.id));
  const current = viewed.data ?? article;
  const permalink = `${window.location.origin}${paths.supportFaq.href({ article: article.slug })}`;

  const send = (helpful: boolean) =>
    vote.mutate(
      { id: article.id, helpful },
      {
        onSuccess: () => {
          rememberVote(article.id);
          setVoted(true);
        },
        onError: (error) => toast('error', describeApiError(toApiError(error))),
      },
    );

  const copy = () =>
    void navigator.clipboard
      .writeText(permalink)
      .then(() => toast('success', 'Link copied'))
      .catch(() => toast('error', 'Could not copy the link. Copy it from the address bar.'));

  return (
    <Flex vertical gap={12}>
      <Markdown>{current.body}</Markdown>
      <Flex wrap gap={8} align="center" justify="space-between">
        {voted ? (
          <Typography.Text type="secondary" role="status">
            Thanks for your feedback
          </Typography.Text>
        ) : (
          <Flex wrap gap={8} align="center" role="group" aria-label="Was this helpful?">
            <Typography.Text type="secondary">Was this helpful?</Typography.Text>
            {[true, false].map((helpful) => (
              <Button
                key={String(helpful)}
                size="small"
                disabled={vote.isPending}
                loading={vote.isPending && vote.variables.helpful === helpful}
                onClick={() => send(helpful)}
              >
                {helpful ? 'Yes' : 'No'}
              </Button>
            ))}
          </Flex>
        )}
        <Button
          size="small"
          type="link"
          icon={<LinkOutlined aria-hidden />}
          aria-label={`Copy link to "${article.title}"`}
          onClick={copy}
        >
          Copy link
        </Button>
      </Flex>
    </Flex>
  );
}
