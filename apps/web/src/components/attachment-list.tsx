import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { Attachment } from '@crimsonhost/shared/support';
import { downloadAttachment, formatFileSize } from '../lib/attachments';
import { useToast } from './use-toast';

/**
 * The files of a message, as the support centre lists them: each name a button that downloads it
 * with the session's token (lib/attachments.ts), its type and size beside it.
 */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const toast = useToast();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Files" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
      {attachments.map((file) => {
        const type = file.contentType.split(';')[0];
        const size = formatFileSize(file.size);
        return (
          <li key={file.id}>
            <Button
              type="link"
              size="small"
              icon={<PaperClipOutlined aria-hidden />}
              style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              aria-label={`Download ${file.name}, ${type}, ${size}`}
              onClick={() =>
                void downloadAttachment(file).catch((error: unknown) =>
                  toast(
                    'error',
                    error instanceof Error ? error.message : 'The file could not be downloaded.',
                  ),
                )
              }
            >
              {file.name}
            </Button>{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {type} · {size}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}
