import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Modal,
  Select,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { FaqArticleStats, FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { AppForm } from '../../../components/app-form';
import { LoadErrorResult } from '../../../components/load-error-result';
import { MessageEditor } from '../../../components/message-editor';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { applyFieldErrors } from '../../../components/app-form';
import { useFaqEditor, useFaqEditorActions } from '../api/desk';

interface ArticleValues {
  categoryId: string;
  slug: string;
  title: string;
  body: string;
  published: boolean;
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** Moves one id a place up or down in a list: the whole new order is sent. */
const moved = (ids: string[], index: number, by: -1 | 1) => {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
};

function ArticleModal({
  article,
  categories,
  onClose,
}: {
  article: Partial<FaqArticleStats> | null;
  categories: FaqEditorCategory[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<ArticleValues>();
  const { saveArticle } = useFaqEditorActions();
  const toast = useToast();
  return (
    <Modal
      open={article !== null}
      title={article?.id ? 'Edit article' : 'New article'}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={saveArticle.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <AppForm<ArticleValues>
        name="faq-article"
        form={form}
        initialValues={{ published: false, categoryId: categories[0]?.id, ...article }}
        onFinish={(values) =>
          saveArticle.mutate(
            { id: article?.id, ...values },
            {
              onSuccess: () => {
                toast('success', 'Article saved');
                onClose();
              },
              onError: (error) => applyFieldErrors(form, toApiError(error)),
            },
          )
        }
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[{ required: true }, { min: 5, message: 'Title must be at least 5 characters' }]}
        >
          <TextInput
            onBlur={(event) => {
              if (!form.getFieldValue('slug'))
                form.setFieldValue('slug', slugOf(event.target.value));
            }}
          />
        </Form.Item>
        <Form.Item
          name="slug"
          label="Slug (the article's permalink)"
          rules={[
            { required: true },
            {
              pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
              message: 'Slug is lower-case words joined by hyphens',
            },
          ]}
        >
          <TextInput />
        </Form.Item>
        <Form.Item name="categoryId" label="Category" rules={[{ required: true }]}>
          <Select options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="body"
          label="Answer"
          rules={[
            { required: true },
            { min: 10, message: 'Answer must be at least 10 characters' },
          ]}
        >
          <MessageEditor label="Answer" rows={10} />
        </Form.Item>
        <Form.Item name="published" label="Published" valuePropName="checked">
          <Switch />
        </Form.Item>
        {saveArticle.error && (
          <Alert type="error" showIcon title={describeApiError(toApiError(saveArticle.error))} />
        )}
      </AppForm>
    </Modal>
  );
}

function CategoryModal({
  category,
  onClose,
}: {
  category: Partial<FaqEditorCategory> | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ name: string; slug: string }>();
  const { saveCategory } = useFaqEditorActions();
  return (
    <Modal
      open={category !== null}
      title={category?.id ? 'Rename category' : 'New category'}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={saveCategory.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <AppForm<{ name: string; slug: string }>
        name="faq-category"
        form={form}
        initialValues={category ?? {}}
        onFinish={(values) =>
          saveCategory.mutate(
            { id: category?.id, ...values },
            { onSuccess: onClose, onError: (error) => applyFieldErrors(form, toApiError(error)) },
          )
        }
      >
        <Form.Item name="name" label="Name" rules={[{ required: true }]}>
          <TextInput
            onBlur={(event) =>
              !form.getFieldValue('slug') && form.setFieldValue('slug', slugOf(event.target.value))
            }
          />
        </Form.Item>
        <Form.Item
          name="slug"
          label="Slug"
          rules={[
            { required: true },
            {
              pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
              message: 'Slug is lower-case words joined by hyphens',
            },
          ]}
        >
          <TextInput />
        </Form.Item>
        {saveCategory.error && (
          <Alert type="error" showIcon title={describeApiError(toApiError(saveCategory.error))} />
        )}
      </AppForm>
    </Modal>
  );
}

/** /admin/faq: categories and articles in order, what readers did with each, and editing. */
export function FaqEditorPage() {
  const faq = useFaqEditor();
  const actions = useFaqEditorActions();
  const toast = useToast();
  const [article, setArticle] = useState<Partial<FaqArticleStats> | null>(null);
  const [category, setCategory] = useState<Partial<FaqEditorCategory> | null>(null);
  const fail = (error: unknown) => toast('error', describeApiError(toApiError(error)));

  if (faq.isPending) return <ListSkeleton rows={5} />;
  if (faq.isError) return <LoadErrorResult title="The FAQ could not be loaded" query={faq} />;
  const categories = faq.data;
  const categoryIds = categories.map((c) => c.id);

  return (
    <>
      <title>FAQ · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} justify="space-between" align="center">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            FAQ
          </Typography.Title>
          <Flex gap={8}>
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
        {categories.map((cat, index) => (
          <Card
            key={cat.id}
            size="small"
            title={cat.name}
            extra={
              <Flex gap={4}>
                <Button
                  size="small"
                  aria-label={`Move ${cat.name} up`}
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() =>
                    actions.reorderCategories.mutate(moved(categoryIds, index, -1), {
                      onError: fail,
                    })
                  }
                />
                <Button
                  size="small"
                  aria-label={`Move ${cat.name} down`}
                  icon={<ArrowDownOutlined />}
                  disabled={index === categories.length - 1}
                  onClick={() =>
                    actions.reorderCategories.mutate(moved(categoryIds, index, 1), {
                      onError: fail,
                    })
                  }
                />
                <Button size="small" onClick={() => setCategory(cat)}>
                  Rename
                </Button>
              </Flex>
            }
          >
            <Table<FaqArticleStats>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={cat.articles}
              scroll={{ x: 760 }}
              locale={{ emptyText: 'No articles in this category yet.' }}
              columns={[
                {
                  title: 'Article',
                  key: 'title',
                  render: (_, a) => (
                    <Button
                      type="link"
                      style={{
                        padding: 0,
                        whiteSpace: 'normal',
                        textAlign: 'left',
                        height: 'auto',
                      }}
                      onClick={() => setArticle(a)}
                    >
                      {a.title}
                    </Button>
                  ),
                },
                {
                  title: 'State',
                  key: 'published',
                  render: (_, a) => (a.published ? <Tag>Published</Tag> : <Tag>Draft</Tag>),
                },
                { title: 'Views', dataIndex: 'views', width: 70 },
                {
                  title: 'Helpful',
                  key: 'votes',
                  width: 100,
                  render: (_, a) => `${a.helpfulYes} yes / ${a.helpfulNo} no`,
                },
                { title: 'Deflections', dataIndex: 'deflections', width: 100 },
                {
                  title: 'Actions',
                  key: 'actions',
                  width: 200,
                  render: (_, a, row) => {
                    const ids = cat.articles.map((x) => x.id);
                    return (
                      <Flex gap={4}>
                        <Button
                          size="small"
                          aria-label={`Move ${a.title} up`}
                          icon={<ArrowUpOutlined />}
                          disabled={row === 0}
                          onClick={() =>
                            actions.reorderArticles.mutate(
                              { categoryId: cat.id, ids: moved(ids, row, -1) },
                              { onError: fail },
                            )
                          }
                        />
                        <Button
                          size="small"
                          aria-label={`Move ${a.title} down`}
                          icon={<ArrowDownOutlined />}
                          disabled={row === ids.length - 1}
                          onClick={() =>
                            actions.reorderArticles.mutate(
                              { categoryId: cat.id, ids: moved(ids, row, 1) },
                              { onError: fail },
                            )
                          }
                        />
                        <Button
                          size="small"
                          onClick={() =>
                            actions.saveArticle.mutate(
                              {
                                id: a.id,
                                categoryId: a.categoryId,
                                slug: a.slug,
                                title: a.title,
                                body: a.body,
                                published: !a.published,
                              },
                              { onError: fail },
                            )
                          }
                        >
                          {a.published ? 'Unpublish' : 'Publish'}
                        </Button>
                      </Flex>
                    );
                  },
                },
              ]}
            />
          </Card>
        ))}
      </Flex>
      <ArticleModal article={article} categories={categories} onClose={() => setArticle(null)} />
      <CategoryModal category={category} onClose={() => setCategory(null)} />
    </>
  );
}
