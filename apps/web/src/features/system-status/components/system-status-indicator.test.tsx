import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HEALTHY, server } from '../../../test/msw-server';
import { SystemStatusIndicator } from './system-status-indicator';

function renderIndicator() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SystemStatusIndicator />
    </QueryClientProvider>,
  );
}

describe('SystemStatusIndicator', () => {
  it('shows All systems operational when /api/health answers ok', async () => {
    renderIndicator();
    expect(screen.getByRole('status')).toHaveTextContent('Checking system status');
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'operational');
  });

  it('shows a degraded platform, which answers 503 with the health body', async () => {
    server.use(
      http.get('/api/health', () =>
        HttpResponse.json({ data: { ...HEALTHY, status: 'degraded' } }, { status: 503 }),
      ),
    );
    renderIndicator();
    expect(await screen.findByText('Some systems degraded')).toBeInTheDocument();
  });

  it('does not claim anything when the API cannot be reached', async () => {
    server.use(http.get('/api/health', () => HttpResponse.error()));
    renderIndicator();
    expect(await screen.findByText('System status unavailable')).toBeInTheDocument();
    expect(screen.queryByText('All systems operational')).not.toBeInTheDocument();
  });
});
