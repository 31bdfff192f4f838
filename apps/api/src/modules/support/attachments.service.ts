import { ATTACHMENT_MAX_BYTES, type Attachment } from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../auth/auth.repository';
import { ATTACHMENT_TYPES, sniff, stripMetadata } from './attachment-content';
import * as repo from './attachments.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What one account may upload in an hour, all files together. */
const HOURLY_UPLOAD_BYTES = 200 * 1024 * 1024;
const DAY_MS = 86_400_000;

export const fileTooLarge = (name?: string) =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `${name ?? 'This file'} is larger than 10 MB. Attach a smaller file, or a zip of the logs.`,
  );

const attachmentNotFound = () => new AppError('NOT_FOUND', 404, 'Attachment not found');

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  data: Uint8Array;
}

function byMessage(rows: Awaited<ReturnType<typeof repo.attachmentsOf>>) {
  const files = new Map<string, Attachment[]>();
  for (const row of rows) {
    const list = files.get(row.messageId!) ?? [];
    list.push({ id: row.id, name: row.name, contentType: row.contentType, size: row.size });
    files.set(row.messageId!, list);
  }
  return files;
}

/** Files on tickets: checked by their content on upload, attached to a message, read by who may. */
export class AttachmentsService {
  constructor(private readonly db: Database) {}

  async upload(user: UserRow, name: string, bytes: Uint8Array): Promise<Attachment> {
    if (bytes.length === 0) {
      throw new AppError('EMPTY_FILE', 400, `${name} is empty.`);
    }
    if (bytes.length > ATTACHMENT_MAX_BYTES) throw fileTooLarge(name);
    const sniffed = sniff(bytes, name);
    if (!sniffed.ok) throw new AppError('ATTACHMENT_REFUSED', 415, sniffed.reason);
    if ((await repo.recentUploadBytes(this.db, user.id)) + bytes.length > HOURLY_UPLOAD_BYTES) {
      throw new AppError(
        'RATE_LIMITED',
        429,
        'You uploaded a lot in the last hour. Please wait before attaching more files.',
        { retryAfterSeconds: 3600 },
        { 'retry-after': '3600' },
      );
    }
    const data = stripMetadata(sniffed.kind, bytes);
    return repo.insertUpload(this.db, {
      uploaderId: user.id,
      name,
      contentType: ATTACHMENT_TYPES[sniffed.kind].contentType,
      size: data.length,
      data,
    });
  }

  /** Puts the author's uploads on a message, in the message's transaction. */
  async attach(
    tx: Executor,
    ids: readonly string[],
    uploaderId: string | null,
    target: repo.AttachTarget,
  ) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const taken = uploaderId ? await repo.attachUploads(tx, unique, uploaderId, target) : 0;
    if (taken !== unique.length) {
      throw new AppError(
        'ATTACHMENT_NOT_FOUND',
        400,
        'An attached file is missing or already sent. Attach it again.',
        { fields: [{ field: 'attachmentIds', message: 'Attach the file again' }] },
      );
    }
  }

  /** Files by message id, for a ticket's conversation. */
  async ofMessages(db: Executor, messageIds: string[]) {
    return byMessage(await repo.attachmentsOf(db, messageIds));
  }

  /** Files by message id, for a rental's thread. */
  async ofRentalMessages(db: Executor, messageIds: string[]) {
    return byMessage(await repo.attachmentsOfRentalMessages(db, messageIds));
  }

  /**
   * A file for someone who may read it: its uploader, staff, the ticket's customer and, in a
   * dispute's ticket, the rental's vendor (never a file on an internal note), or the two sides of
   * a rental's thread. Anyone else gets 404, as for a file that does not exist.
   */
  async read(user: UserRow, id: string): Promise<StoredFile> {
    if (!UUID.test(id)) throw attachmentNotFound();
    const row = await repo.findAttachment(this.db, id);
    if (!row) throw attachmentNotFound();
    const staff = user.role === 'support' || user.role === 'admin';
    const ticketSide =
      (row.requesterId === user.id || row.disputeVendorId === user.id) &&
      row.messageKind !== 'note';
    const threadSide = row.threadRenterId === user.id || row.threadVendorId === user.id;
    if (!staff && !ticketSide && !threadSide && row.uploaderId !== user.id) {
      throw attachmentNotFound();
    }
    return {
      name: row.name,
      contentType: row.contentType,
      size: row.size,
      data: Buffer.from(row.base64, 'base64'),
    };
  }

  async purgeUnused(now = new Date()) {
    return repo.deleteUnusedUploads(this.db, new Date(now.getTime() - DAY_MS));
  }
}
