import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { attachmentSchema, type Attachment } from '@crimsonhost/shared/support';
import { ApiError, apiClient, readErrorEnvelope, refreshSession } from './api-client';
import { config } from './config';
import { saveFile } from './save-file';
import { readStoredTokens } from './storage';

/** POST /api/support/attachments: one file as the raw body; the server decides what it is. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const response = await apiClient.post<unknown>('/support/attachments', file, {
    params: { name: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: 120_000,
  });
  return dataEnvelope(attachmentSchema).parse(response.data).data;
}

async function fetchFile(id: string, token: string | undefined) {
  return fetch(`${config.apiBaseUrl}/support/attachments/${encodeURIComponent(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/** Downloads a ticket's file with the session's token and hands it to the browser to save. */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  let response = await fetchFile(attachment.id, readStoredTokens()?.accessToken);
  if (response.status === 401) response = await fetchFile(attachment.id, await refreshSession());
  if (!response.ok) {
    const envelope = readErrorEnvelope(await response.json().catch(() => null));
    throw new ApiError(
      response.status,
      envelope?.code ?? 'UNEXPECTED_RESPONSE',
      envelope?.message ?? 'The file could not be downloaded.',
    );
  }
  saveFile(await response.blob(), attachment.name);
}

/** 1.2 MB, 340 KB, 12 bytes. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
