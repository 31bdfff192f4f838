import { Alert, Form, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import {
  faqArticleRequestSchema,
  type FaqArticleStats,
  type FaqEditorCategory,
} from '@crimsonhost/shared/support-desk';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { MessageEditor } from '../../../components/message-editor';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCreateFaqArticle, type FaqArticleRequest } from '../api/create-faq-article';
import { useUpdateFaqArticle } from '../api/update-faq-article';
import { slugOf } from '../slug-of';

type ArticleValues = Required<FaqArticleRequest>;

/** What the dialog edits: an article, or the start of a new one (perhaps in a chosen category). */
export type ArticleDraft = Partial<FaqArticleStats>;

const { shape } = faqArticleRequestSchema;

/**
 * Writes or edits an FAQ article: title, slug (its permalink, made from the title until typed),
 * category, the answer in Markdown with a preview, and whether readers see it.
 */
export function FaqArticleDialog({
  article,
  categories,
  onClose,
}: {
  article: ArticleDraft | null;
  categories: FaqEditorCategory[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<ArticleValues>();
  const create = useCreateFaqArticle();
  const update = useUpdateFaqArticle();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [slugTyped, setSlugTyped] = useState(false);
  const isNew = !article?.id;
  const saving = create.isPending || update.isPending;

  const close = () => {
    setFailure(null);
    setSlugTyped(false);
    onClose();
  };
  const save = (values: ArticleValues) => {
    setFailure(null);
    const done = {
      onSuccess: () => {
        toast('success', isNew ? 'Article created' : 'Article saved');
        close();
      },
      onError: (error: unknown) => {
        const apiError = toApiError(error);
        if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
      },
    };
    if (article?.id) update.mutate({ id: article.id, ...values }, done);
    else create.mutate(values, done);
  };

  return (
    <Modal
      open={article !== null}
      title={isNew ? 'New article' : 'Edit article'}
      okText={isNew ? 'Create article' : 'Save article'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={close}
      destroyOnHidden
      width={760}
    >
      <AppForm<ArticleValues>
        name="faq-article"
        form={form}
        initialValues={{
          title: article?.title ?? '',
          slug: article?.slug ?? '',
          categoryId: article?.categoryId ?? categories[0]?.id,
          body: article?.body ?? '',
          published: article?.published ?? false,
        }}
        onValuesChange={(changed: Partial<ArticleValues>) => {
          if (changed.slug !== undefined) setSlugTyped(true);
          if (changed.title !== undefined && isNew && !slugTyped) {
            form.setFieldValue('slug', slugOf(changed.title));
          }
        }}
        onFinish={save}
      >
        <Form.Item name="title" label="Title" rules={[{ required: true }, zodRule(shape.title)]}>
          <TextInput maxLength={150} />
        </Form.Item>
        <Form.Item
          name="slug"
          label="Slug"
          extra="The article's permalink: lower-case words joined by hyphens."
          rules={[{ required: true }, zodRule(shape.slug)]}
        >
          <TextInput maxLength={80} />
        </Form.Item>
        <Form.Item name="categoryId" label="Category" rules={[{ required: true }]}>
          <Select
            options={categories.map((category) => ({ value: category.id, label: category.name }))}
          />
        </Form.Item>
        <Form.Item name="body" label="Answer" rules={[{ required: true }, zodRule(shape.body)]}>
          <MessageEditor label="Answer" rows={10} />
        </Form.Item>
        <Form.Item
          name="published"
          label="Published"
          valuePropName="checked"
          extra="Readers see published articles only; a draft stays here."
        >
          <Switch />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </AppForm>
    </Modal>
  );
}
