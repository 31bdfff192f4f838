import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { mediaPreferences } from '../test/match-media';
import { AppProviders, createQueryClient, themeConfig } from './providers';

function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'motion' : 'still'}</output>;
}

describe('the design system', () => {
  it('leaves motion to the outer provider unless less motion is asked for', () => {
    expect(themeConfig('light').token).not.toHaveProperty('motion');
    expect(themeConfig('dark', { reducedMotion: true }).token).toMatchObject({ motion: false });
  });

  it('turns Ant Design’s motion off for someone whose system asks for less motion', () => {
    mediaPreferences.reducedMotion = true;
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('still');
  });

  it('keeps it on otherwise', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('motion');
  });
});
