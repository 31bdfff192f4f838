import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };

describe('e-mail verification link', { timeout: 60_000 }, () => {
  it('sends the token once and says the address is verified', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/verify-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    renderRoute('/verify-email?token=mailed-token-1234');
    expect(
      await screen.findByText('Your e-mail address is verified', undefined, FIND),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'mailed-token-1234' }]);
  });

  it('explains a used or expired link with the server sentence', async () => {
    server.use(
      http.post('/api/auth/verify-email', () =>
        HttpResponse.json(
          errorBody(
            'VERIFY_LINK_INVALID',
            'This verification link has expired or was already used. Sign in and ask for a new one.',
          ),
          { status: 400 },
        ),
      ),
    );
    renderRoute('/verify-email?token=old-token-1234');
    expect(
      await screen.findByText('This link cannot confirm your address', undefined, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText(/expired or was already used/)).toBeInTheDocument();
  });
});
