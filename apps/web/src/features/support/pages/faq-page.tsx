import { Alert, Card, Collapse, Empty, Flex, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FaqArticle, FaqSearchHit } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SearchInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useFaq } from '../api/get-faq';
import { FaqArticleBody } from '../components/faq-article-body';
import { HighlightedText } from '../components/highlighted-text';
import { useDebouncedCommit } from '../use-debounce';

const slugOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

/** The panel of one article; its id is the slug, so /support/faq#slug is its permalink. */
function articleItem(article: FaqArticle, label: ReactNode = article.title) {
  return {
    key: article.slug,
    id: article.slug,
    label,
    children: <FaqArticleBody article={article} />,
  };
}

function hitItem(hit: FaqSearchHit) {
  return articleItem(
    hit.article,
    <Flex vertical gap={2}>
      <span>
        <HighlightedText parts={hit.title} />
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
        {hit.article.category.name} · <HighlightedText parts={hit.snippet} />
      </Typography.Text>
    </Flex>,
  );
}

/**
 * /support/faq (public): the answers by category, a full-text search whose matches are marked,
 * a permalink per article (#slug opens it and brings it into view) and "Was this helpful?".
 */
export function FaqPage() {
  const [search, setSearch] = useSearchParams();
  const { hash } = useLocation();
  const q = search.get('q')?.trim() ?? '';
  const faq = useFaq(q || undefined);
  const commit = (text: string) => {
    const next = text.trim();
    if (next !== q) setSearch(next ? { q: next } : {}, { replace: true });
  };
  const [text, setText] = useDebouncedCommit(q, commit);

  // The open articles; a permalink opens its own, also when it changes on this page.
  const [open, setOpen] = useState<string[]>(() => (hash ? [slugOf(hash)] : []));
  const [openedHash, setOpenedHash] = useState(hash);
  if (hash !== openedHash) {
    setOpenedHash(hash);
    if (hash && !open.includes(slugOf(hash))) setOpen([...open, slugOf(hash)]);
  }

  // ...and brings it into view once the articles are there.
  const loaded = Boolean(faq.data);
  useEffect(() => {
    if (!hash || !loaded) return;
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(slugOf(hash));
      if (element && typeof element.scrollIntoView === 'function') {
        element.scrollIntoView({ block: 'start' });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, loaded]);

  const collapse = (items: ReturnType<typeof articleItem>[]) => (
    <Collapse activeKey={open} onChange={(keys) => setOpen(keys)} items={items} />
  );

  let body;
  if (faq.isPending) {
    body = <ListSkeleton rows={5} />;
  } else if (faq.isError && !faq.data) {
    body = <LoadErrorResult title="The FAQ could not be loaded" query={faq} />;
  } else if (faq.data.hits) {
    body =
      faq.data.hits.length === 0 && faq.isPlaceholderData ? (
        <ListSkeleton rows={3} />
      ) : faq.data.hits.length === 0 ? (
        <Empty description={`No articles match '${q}'.`}>
          <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
            Open a ticket
          </ButtonLink>
        </Empty>
      ) : (
        <section aria-label="Search results">{collapse(faq.data.hits.map(hitItem))}</section>
      );
  } else if (faq.data.categories.length === 0) {
    body = <Empty description="No articles yet." />;
  } else {
    body = (
      <Flex vertical gap={16}>
        {faq.data.categories.map((category) => (
          <section key={category.slug} aria-labelledby={`faq-category-${category.slug}`}>
            <Typography.Title
              level={2}
              id={`faq-category-${category.slug}`}
              style={{ fontSize: 18 }}
            >
              {category.name}
            </Typography.Title>
            {collapse(category.articles.map((article) => articleItem(article)))}
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
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => commit(value)}
          loading={faq.isFetching && faq.isPlaceholderData}
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
