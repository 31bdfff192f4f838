import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LazyResult } from './lazy-result';

vi.mock('./antd-result', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/antd-result.js');
});

describe('LazyResult', () => {
  it('shows the title, explanation and actions when Ant Design Result cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <LazyResult
        status="error"
        title="Could not load the servers"
        subTitle="Cannot reach the server."
        extra={<Button>Retry</Button>}
      />,
    );

    expect(screen.getByText('Could not load the servers')).toBeInTheDocument();
    // After the failed import the plain text stays, with its action.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Cannot reach the server.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
