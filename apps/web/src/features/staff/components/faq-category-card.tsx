import { CheckCircleOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { FaqArticleStats, FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useReorderFaqArticles } from '../api/reorder-faq-articles';
import { useUpdateFaqArticle } from '../api/update-faq-article';
import { moveId } from '../move-id';
import { ReorderButtons } from './reorder-buttons';

function PublishButton({ article }: { article: FaqArticleStats }) {
  const update = useUpdateFaqArticle();
  const toast = useToast();
  const next = !article.published;
  return (
    <Button
      size="small"
      loading={update.isPending}
      aria-label={`${next ? 'Publish' : 'Unpublish'} ${article.title}`}
      onClick={() =>
        update.mutate(
          {
            id: article.id,
            categoryId: article.categoryId,
            slug: article.slug,
            title: article.title,
            body: article.body,
            published: next,
          },
          {
            onSuccess: () =>
              toast('success', `${article.title} is ${next ? 'published' : 'a draft again'}`),
            onError: (error) => toast('error', describeApiError(toApiError(error))),
          },
        )
      }
    >
      {next ? 'Publish' : 'Unpublish'}
    </Button>
  );
}

/**
 * One category with its articles in order: what readers did with each (views, helpful votes,
 * tickets it answered before they were written), and the editor's actions.
 */
export function FaqCategoryCard({
  category,
  index,
  count,
  onMoveCategory,
  onEditCategory,
  onEditArticle,
  onNewArticle,
  onAnnounce,
}: {
  category: FaqEditorCategory;
  index: number;
  count: number;
  onMoveCategory: (by: -1 | 1) => void;
  onEditCategory: () => void;
  onEditArticle: (article: FaqArticleStats) => void;
  onNewArticle: () => void;
  /** Tells screen readers what happened, e.g. where an article moved. */
  onAnnounce: (text: string) => void;
}) {
  const reorder = useReorderFaqArticles();
  const toast = useToast();
  const ids = category.articles.map((article) => article.id);
  const moveArticle = (article: FaqArticleStats, row: number, by: -1 | 1) => {
    reorder.mutate(
      { categoryId: category.id, ids: moveId(ids, row, by) },
      { onError: (error) => toast('error', describeApiError(toApiError(error))) },
    );
    onAnnounce(`${article.title} moved to place ${row + by + 1} of ${ids.length}`);
  };

  const columns: TableColumnsType<FaqArticleStats> = [
    {
      title: 'Article',
      key: 'title',
      render: (_, article) => (
        <Flex vertical align="flex-start">
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            aria-label={`Edit ${article.title}`}
            onClick={() => onEditArticle(article)}
          >
            {article.title}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            /{article.slug}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'State',
      key: 'published',
      width: 110,
      render: (_, article) =>
        article.published ? (
          <Tag icon={<CheckCircleOutlined aria-hidden />}>Published</Tag>
        ) : (
          <Tag icon={<EditOutlined aria-hidden />}>Draft</Tag>
        ),
    },
    { title: 'Views', dataIndex: 'views', width: 80, align: 'right' },
    {
      title: 'Helpful',
      key: 'votes',
      width: 120,
      render: (_, article) => (
        <span aria-label={`${article.helpfulYes} found it helpful, ${article.helpfulNo} did not`}>
          {article.helpfulYes} yes · {article.helpfulNo} no
        </span>
      ),
    },
    {
      title: 'Deflections',
      dataIndex: 'deflections',
      width: 110,
      align: 'right',
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_, article, row) => (
        <Flex gap={4} wrap>
          <ReorderButtons
            id={article.id}
            label={article.title}
            index={row}
            count={ids.length}
            onMove={(by) => moveArticle(article, row, by)}
          />
          <PublishButton article={article} />
        </Flex>
      ),
    },
  ];

  return (
    // The heading and the actions share one wrapping row rather than the card's head, whose
    // title would be cut to nothing beside the buttons on a phone.
    <Card size="small">
      <Flex wrap gap={8} justify="space-between" align="flex-start" style={{ marginBottom: 12 }}>
        <Flex vertical>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {category.name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            /{category.slug} · {ids.length} article{ids.length === 1 ? '' : 's'}
          </Typography.Text>
        </Flex>
        <Flex gap={4} wrap>
          <ReorderButtons
            id={category.id}
            label={category.name}
            index={index}
            count={count}
            onMove={onMoveCategory}
          />
          <Button
            size="small"
            aria-label={`Edit category ${category.name}`}
            onClick={onEditCategory}
          >
            Edit
          </Button>
          <Button
            size="small"
            aria-label={`Add article to ${category.name}`}
            onClick={onNewArticle}
          >
            Add article
          </Button>
        </Flex>
      </Flex>
      <Table<FaqArticleStats>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={category.articles}
        columns={columns}
        scroll={{ x: 820 }}
        locale={{ emptyText: 'No articles in this category yet.' }}
      />
    </Card>
  );
}
