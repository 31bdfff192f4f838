import { Button, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useFaqEditor } from '../api/get-faq-editor';
import { useReorderFaqCategories } from '../api/reorder-faq-categories';
import { FaqArticleDialog, type ArticleDraft } from '../components/faq-article-dialog';
import { FaqCategoryCard } from '../components/faq-category-card';
import { FaqCategoryDialog } from '../components/faq-category-dialog';
import { moveId } from '../move-id';

/**
 * /admin/faq: the FAQ as readers get it, category by category in order, with every article
 * (drafts too) and what readers did with it. Write, edit, publish and reorder here.
 */
export function FaqEditorPage() {
  const faq = useFaqEditor();
  const reorderCategories = useReorderFaqCategories();
  const toast = useToast();
  const [article, setArticle] = useState<ArticleDraft | null>(null);
  const [category, setCategory] = useState<Partial<FaqEditorCategory> | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      FAQ
    </Typography.Title>
  );
  if (faq.isPending) {
    return (
      <>
        <title>FAQ · Staff · CrimsonHost</title>
        {heading}
        <ListSkeleton rows={6} />
      </>
    );
  }
  if (faq.isError) {
    return (
      <>
        <title>FAQ · Staff · CrimsonHost</title>
        {heading}
        <LoadErrorResult title="The FAQ could not be loaded" query={faq} />
      </>
    );
  }
  const categories = faq.data;
  const ids = categories.map((each) => each.id);

  return (
    <>
      <title>FAQ · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} justify="space-between" align="center">
          {heading}
          <Flex gap={8} wrap>
            <Button onClick={() => setCategory({})}>New category</Button>
            <Button
              type="primary"
              disabled={categories.length === 0}
              onClick={() => setArticle({})}
            >
              New article
            </Button>
          </Flex>
        </Flex>
        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
        {categories.length === 0 && (
          <Empty description="No FAQ categories yet. Start with New category, then write articles in it." />
        )}
        {categories.map((each, index) => (
          <FaqCategoryCard
            key={each.id}
            category={each}
            index={index}
            count={categories.length}
            onMoveCategory={(by) => {
              reorderCategories.mutate(moveId(ids, index, by), {
                onError: (error) => toast('error', describeApiError(toApiError(error))),
              });
              setAnnouncement(`${each.name} moved to place ${index + by + 1} of ${ids.length}`);
            }}
            onEditCategory={() => setCategory(each)}
            onEditArticle={setArticle}
            onNewArticle={() => setArticle({ categoryId: each.id })}
            onAnnounce={setAnnouncement}
          />
        ))}
      </Flex>
      <FaqArticleDialog
        article={article}
        categories={categories}
        onClose={() => setArticle(null)}
      />
      <FaqCategoryDialog category={category} onClose={() => setCategory(null)} />
    </>
  );
}
