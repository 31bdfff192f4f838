import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  type Attachment,
} from '@crimsonhost/shared/support';
import { toApiError } from '../lib/api-client';
import { formatFileSize, uploadAttachment } from '../lib/attachments';
import { describeApiError } from '../lib/error-messages';
import { Markdown } from './markdown';
import { TextArea } from './text-input';
import { useToast } from './use-toast';

/**
 * A message in Markdown with a Write / Preview switch; the preview renders exactly as the
 * conversation will. Controlled, so a Form.Item can hold it.
 */
export function MessageEditor({
  id,
  value = '',
  onChange,
  onBlur,
  placeholder,
  label = 'Message',
  rows = 6,
  onTyping,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  /** From the Form.Item: its help, errors and extra, read with the text box. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  label?: string;
  rows?: number;
  /** Called as the person types (the desk tells other agents). */
  onTyping?: () => void;
}) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8}>
      <Segmented
        size="small"
        aria-label={`${label}: write or preview`}
        options={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        value={mode}
        onChange={(next) => setMode(next as 'write' | 'preview')}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'write' ? (
        <TextArea
          id={id}
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={value}
          rows={rows}
          placeholder={placeholder}
          onBlur={onBlur}
          onChange={(event) => {
            onChange?.(event.target.value);
            onTyping?.();
          }}
        />
      ) : (
        <div
          aria-label={`${label} preview`}
          style={{
            minHeight: rows * 22,
            padding: '8px 12px',
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
          }}
        >
          {value.trim() ? (
            <Markdown>{value}</Markdown>
          ) : (
            <Typography.Text type="secondary">Nothing to preview yet.</Typography.Text>
          )}
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Markdown works: **bold**, *italic*, `code`, lists and links.
      </Typography.Text>
    </Flex>
  );
}

/** Files for a message: each is uploaded when chosen and checked by the server at once. */
export function AttachmentPicker({
  value = [],
  onChange,
}: {
  value?: Attachment[];
  onChange?: (files: Attachment[]) => void;
}) {
  const toast = useToast();
  const [uploading, setUploading] = useState(0);
  const full = value.length + uploading >= ATTACHMENT_MAX_FILES;
  return (
    <Flex vertical gap={6}>
      <Upload
        accept={ATTACHMENT_ACCEPT}
        multiple
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          if (file.size > ATTACHMENT_MAX_BYTES) {
            toast(
              'error',
              `${file.name} is larger than 10 MB. Attach a smaller file, or a zip of the logs.`,
            );
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          uploadAttachment(file as File)
            .then((uploaded) => {
              onChange?.([...value, uploaded].slice(0, ATTACHMENT_MAX_FILES));
              onSuccess?.(uploaded);
            })
            .catch((error: unknown) => {
              const apiError = toApiError(error);
              toast('error', describeApiError(apiError));
              onError?.(apiError);
            })
            .finally(() => setUploading((n) => n - 1));
        }}
      >
        <Button icon={<UploadOutlined />} disabled={full} loading={uploading > 0}>
          Attach files
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Up to {ATTACHMENT_MAX_FILES} files of 10 MB: screenshots (PNG, JPEG, WebP, GIF), PDF, text
        or log files, zip.
      </Typography.Text>
      {value.length > 0 && (
        <Flex
          component="ul"
          vertical
          gap={4}
          aria-label="Attached files"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {value.map((file) => (
            <li key={file.id}>
              <Typography.Text>{file.name}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatFileSize(file.size)}
              </Typography.Text>{' '}
              <Button
                type="link"
                size="small"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange?.(value.filter((other) => other.id !== file.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
