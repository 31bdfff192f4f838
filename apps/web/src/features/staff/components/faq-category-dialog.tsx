import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { faqCategoryRequestSchema, type FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCreateFaqCategory, type FaqCategoryRequest } from '../api/create-faq-category';
import { useUpdateFaqCategory } from '../api/update-faq-category';
import { slugOf } from '../slug-of';

type CategoryValues = Required<FaqCategoryRequest>;
const { shape } = faqCategoryRequestSchema;

/** Adds a category (last in order) or renames one. */
export function FaqCategoryDialog({
  category,
  onClose,
}: {
  category: Partial<FaqEditorCategory> | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CategoryValues>();
  const create = useCreateFaqCategory();
  const update = useUpdateFaqCategory();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [slugTyped, setSlugTyped] = useState(false);
  const isNew = !category?.id;

  const close = () => {
    setFailure(null);
    setSlugTyped(false);
    onClose();
  };
  const save = (values: CategoryValues) => {
    setFailure(null);
    const done = {
      onSuccess: () => {
        toast('success', isNew ? 'Category created' : 'Category saved');
        close();
      },
      onError: (error: unknown) => {
        const apiError = toApiError(error);
        if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
      },
    };
    if (category?.id) update.mutate({ id: category.id, ...values }, done);
    else create.mutate(values, done);
  };

  return (
    <Modal
      open={category !== null}
      title={isNew ? 'New category' : 'Edit category'}
      okText={isNew ? 'Create category' : 'Save category'}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <AppForm<CategoryValues>
        name="faq-category"
        form={form}
        initialValues={{ name: category?.name ?? '', slug: category?.slug ?? '' }}
        onValuesChange={(changed: Partial<CategoryValues>) => {
          if (changed.slug !== undefined) setSlugTyped(true);
          if (changed.name !== undefined && isNew && !slugTyped) {
            form.setFieldValue('slug', slugOf(changed.name));
          }
        }}
        onFinish={save}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true }, zodRule(shape.name)]}>
          <TextInput maxLength={60} />
        </Form.Item>
        <Form.Item
          name="slug"
          label="Slug"
          extra="Lower-case words joined by hyphens."
          rules={[{ required: true }, zodRule(shape.slug)]}
        >
          <TextInput maxLength={80} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </AppForm>
    </Modal>
  );
}
