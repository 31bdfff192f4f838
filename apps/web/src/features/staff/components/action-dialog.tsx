import { Alert, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { AppForm } from '../../../components/app-form';
import { showActionError } from './reason-field';

/**
 * A dialog that asks for what an action on an account needs (a reason, a choice) and is its
 * confirmation: nothing is sent until its button is pressed. A refused field shows under the
 * field, any other failure as a sentence in the dialog; it closes once the action is done.
 */
export function ActionDialog<Values extends object>({
  name,
  open,
  title,
  okText,
  danger = false,
  pending,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  /** The form's name: prefixes the field ids. */
  name: string;
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  initialValues?: Partial<Values>;
  /** Sends the action; resolves when it is done, rejects with the API's refusal. */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      close();
    } catch (caught) {
      setFailure(showActionError(form, caught));
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <AppForm<Values>
        name={name}
        form={form}
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
      >
        {children}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </AppForm>
    </Modal>
  );
}
