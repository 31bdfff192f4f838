import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Collapse, Empty, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FaqArticle } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { Markdown } from '../../../components/markdown';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SearchInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { openArticle, useFaq, useVote } from '../api/faq';
import { HighlightedText } from '../components/highlighted-text';

const VOTED_KEY = 'crimsonhost.faq-voted';

function votedArticles(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(VOTED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** An article's answer, its permalink and "Was this helpful?". */
function ArticleBody({ article }: { article: FaqArticle }) {
  const vote = useVote();
  const toast = useToast();
  const [voted, setVoted] = useState(() => votedArticles().includes(article.id));
  const permalink = `${window.location.origin}${paths.supportFaq.href({ article: article.slug })}`;
  return (
    <Flex vertical gap={12}>
      <Markdown>{article.body}</Markdown>
      <Flex wrap gap={8} align="center" justify="space-between">
        {voted || vote.isSuccess ? (
          <Typography.Text type="secondary">Thanks for your feedback</Typography.Text>
        ) : (
          <Flex gap={8} align="center" role="group" aria-label="Was this helpful?">
            <Typography.Text type="secondary">Was this helpful?</Typography.Text>
            {[true, false].map((helpful) => (
              <Button
                key={String(helpful)}
                size="small"
                loading={vote.isPending && vote.variables.helpful === helpful}
                onClick={() =>
                  vote.mutate(
                    { id: article.id, helpful },
                    {
                      onSuccess: () => {
                        sessionStorage.setItem(
                          VOTED_KEY,
                          JSON.stringify([...votedArticles(), article.id]),
                        );
                        setVoted(true);
                      },
                      onError: (error) => toast('error', describeApiError(toApiError(error))),
                    },
                  )
                }
              >
                {helpful ? 'Yes' : 'No'}
              </Button>
            ))}
          </Flex>
        )}
        <Button
          size="small"
          type="link"
          icon={<LinkOutlined />}
          aria-label={`Copy link to "${article.title}"`}
          onClick={() =>
            void navigator.clipboard
              .writeText(permalink)
              .then(() => toast('success', 'Link copied'))
              .catch(() => toast('error', 'Could not copy the link. Copy it from the address bar.'))
          }
        >
          Copy link
        </Button>
      </Flex>
    </Flex>
  );
}

/** /support/faq: answers by category, full-text search with highlights, a permalink each. */
export function FaqPage() {
  const [search, setSearch] = useSearchParams();
  const { hash } = useLocation();
  const q = search.get('q')?.trim() ?? '';
  const faq = useFaq(q || undefined);
  const [open, setOpen] = useState<string[]>(() =>
    hash ? [decodeURIComponent(hash.slice(1))] : [],
  );
  const [counted] = useState(() => new Set<string>());

  // A permalink opens its article (the first state above) and brings it into view.
  const loaded = Boolean(faq.data);
  useEffect(() => {
    if (!hash || !loaded) return;
    const slug = decodeURIComponent(hash.slice(1));
    requestAnimationFrame(() => document.getElementById(slug)?.scrollIntoView({ block: 'start' }));
  }, [hash, loaded]);

  // Opening an article counts a view, once per visit of the page.
  useEffect(() => {
    for (const slug of open) {
      if (counted.has(slug)) continue;
      counted.add(slug);
      void openArticle(slug).catch(() => undefined);
    }
  }, [open, counted]);

  const items = (articles: FaqArticle[]) =>
    articles.map((article) => ({
      key: article.slug,
      id: article.slug,
      label: article.title,
      children: <ArticleBody article={article} />,
    }));

  let body;
  if (faq.isPending) body = <ListSkeleton rows={5} />;
  else if (faq.isError) body = <LoadErrorResult title="The FAQ could not be loaded" query={faq} />;
  else if (faq.data.hits) {
    body =
      faq.data.hits.length === 0 ? (
        <Empty description={`No articles match '${q}'.`}>
          <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
            Open a ticket
          </ButtonLink>
        </Empty>
      ) : (
        <Collapse
          activeKey={open}
          onChange={(keys) => setOpen(keys)}
          items={faq.data.hits.map((hit) => ({
            key: hit.article.slug,
            id: hit.article.slug,
            label: (
              <Flex vertical gap={2}>
                <span>
                  <HighlightedText parts={hit.title} />
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
                  {hit.article.category.name} · <HighlightedText parts={hit.snippet} />
                </Typography.Text>
              </Flex>
            ),
            children: <ArticleBody article={hit.article} />,
          }))}
        />
      );
  } else if (faq.data.categories.length === 0) {
    body = <Empty description="No articles yet." />;
  } else {
    body = (
      <Flex vertical gap={16}>
        {faq.data.categories.map((category) => (
          <section key={category.slug} aria-labelledby={`faq-${category.slug}`}>
            <Typography.Title level={2} id={`faq-${category.slug}`} style={{ fontSize: 18 }}>
              {category.name}
            </Typography.Title>
            <Collapse
              activeKey={open}
              onChange={(keys) => setOpen(keys)}
              items={items(category.articles)}
            />
          </section>
        ))}
      </Flex>
    );
  }

  return (
    <>
      <title>FAQ · Support Center · CrimsonHost</title>
      <Flex vertical gap={16}>
        <SearchInput
          aria-label="Search the FAQ"
          placeholder="Search the FAQ, e.g. deposit confirmations"
          enterButton="Search"
          defaultValue={q}
          onSearch={(value) => setSearch(value.trim() ? { q: value.trim() } : {})}
          style={{ maxWidth: 560 }}
        />
        {faq.isError && faq.data && (
          <Alert type="warning" showIcon title={describeApiError(toApiError(faq.error))} />
        )}
        {body}
        <Card size="small">
          <Flex wrap gap={8} align="center" justify="space-between">
            <Typography.Text>Did not find your answer?</Typography.Text>
            <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
              Open a ticket
            </ButtonLink>
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
