// Files on tickets: decided by their bytes, refused with a sentence when they could harm a reader,
// stripped of image metadata, attached to one message, and served only to those who may read it,
// always as a download that a browser will not render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, type TicketDetail } from '@crimsonhost/shared/support';
import { pngWithText } from './files';
import { createTestApp, type TestContext } from '../app';
import { openTicket, signedIn } from './support-fixture';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function upload(headers: Record<string, string>, name: string, body: Buffer | string) {
  return ctx.request({
    method: 'POST',
    url: `/api/support/attachments?name=${encodeURIComponent(name)}`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: typeof body === 'string' ? Buffer.from(body) : body,
  });
}

async function uploaded(headers: Record<string, string>, name: string, body: Buffer | string) {
  const response = await upload(headers, name, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string; contentType: string; size: number } }>().data;
}

describe('uploading', () => {
  it('takes a screenshot, strips its metadata and attaches it to a new ticket', async () => {
    const customer = await signedIn(ctx);
    const original = pngWithText('GPS 52.3676 N 4.9041 E');
    const file = await uploaded(customer.headers, 'lag.png', original);
    expect(file).toMatchObject({ contentType: 'image/png' });
    expect(file.size).toBeLessThan(original.length);

    const ticket = await openTicket(ctx, customer.headers, { attachmentIds: [file.id] });
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/support/tickets/${ticket.id}`,
        headers: customer.headers,
      })
    ).json<{ data: TicketDetail }>().data;
    expect(detail.messages[0]!.attachments).toEqual([
      { id: file.id, name: 'lag.png', contentType: 'image/png', size: file.size },
    ]);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/attachments/${file.id}`,
      headers: customer.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="lag.png"; filename*=UTF-8''lag.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    });
    expect(download.rawPayload.includes('GPS 52.3676')).toBe(false);
    expect(download.rawPayload.subarray(0, 8)).toEqual(original.subarray(0, 8));

    // An upload goes on one message only.
    const again = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: customer.headers,
      payload: { message: 'Same screenshot once more.', attachmentIds: [file.id] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('refuses an SVG with a script, HTML renamed .png and a program, each with a sentence', async () => {
    const { headers } = await signedIn(ctx);
    for (const [name, body, pattern] of [
      [
        'chart.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        /HTML or SVG/,
      ],
      [
        'screenshot.png',
        '<html><body><script>fetch("/api/wallet")</script></body></html>',
        /HTML or SVG/,
      ],
      [
        'patch.log',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
        /Programs cannot be attached/,
      ],
      ['empty.txt', '', /is empty/],
    ] as const) {
      const response = await upload(headers, name, body);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.json().error.message, name).toMatch(pattern);
    }
  });

  it('takes a file of exactly 10 MB and refuses one byte more with 413', async () => {
    const { headers } = await signedIn(ctx);
    const line = 'x'.repeat(1023) + '\n';
    const exact = Buffer.from(line.repeat(ATTACHMENT_MAX_BYTES / 1024));
    expect(exact.length).toBe(ATTACHMENT_MAX_BYTES);
    expect((await upload(headers, 'server.log', exact)).statusCode).toBe(201);
    const over = await upload(headers, 'server.log', Buffer.concat([exact, Buffer.from('x')]));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringMatching(/larger than 10 MB/),
    });
  });

  it('refuses a sixth file on one message', async () => {
    const { headers } = await signedIn(ctx);
    const ids = [];
    for (let i = 0; i < 6; i += 1)
      ids.push((await uploaded(headers, `note-${i}.txt`, `note ${i}`)).id);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: {
        subject: 'Six files at once',
        category: 'GENERAL',
        message: 'Here are all my notes about it.',
        attachmentIds: ids,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0]).toEqual({
      field: 'attachmentIds',
      message: 'Attach at most 5 files to one message',
    });
  });
});

describe('who may download', () => {
  it('answers 404 to another user and for a file on an internal note; staff may read both', async () => {
    const customer = await signedIn(ctx);
    const stranger = await signedIn(ctx);
    const agent = await signedIn(ctx, 'support');
    const file = await uploaded(customer.headers, 'receipt.pdf', '%PDF-1.7\nreceipt');
    const ticket = await openTicket(ctx, customer.headers, { attachmentIds: [file.id] });
    const internal = await uploaded(
      agent.headers,
      'vendor-chat.txt',
      'vendor says the host is fine',
    );
    const noted = await ctx.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${ticket.id}/messages`,
      headers: agent.headers,
      payload: {
        message: 'Vendor conversation attached.',
        internal: true,
        attachmentIds: [internal.id],
      },
    });
    expect(noted.statusCode, noted.body).toBe(201);

    const get = (id: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/support/attachments/${id}`, headers });
    expect((await get(file.id, stranger.headers)).statusCode).toBe(404);
    expect((await get(internal.id, customer.headers)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', customer.headers)).statusCode).toBe(
      404,
    );
    expect((await get(file.id, agent.headers)).statusCode).toBe(200);
    expect((await get(internal.id, agent.headers)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/support/attachments/${file.id}` }))
        .statusCode,
    ).toBe(401);

    // Nobody else can attach someone's upload either.
    const stolen = await uploaded(customer.headers, 'mine.txt', 'mine');
    const attempt = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers: stranger.headers,
      payload: {
        subject: 'Not my file',
        category: 'GENERAL',
        message: 'Attaching a file of someone else.',
        attachmentIds: [stolen.id],
      },
    });
    expect(attempt.statusCode).toBe(400);
  });
});
