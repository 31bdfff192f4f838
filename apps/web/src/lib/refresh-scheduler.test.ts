import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAccessToken } from '../test/auth-fixtures';
import { refreshSession } from './api-client';
import { REFRESH_RETRY_MS, refreshDelayMs, startRefreshSchedule } from './refresh-scheduler';
import { storeTokens } from './storage';

vi.mock('./api-client', () => ({ refreshSession: vi.fn() }));

const NOW = new Date('2026-11-22T09:00:00Z').getTime();
const refresh = vi.mocked(refreshSession);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  refresh.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('refreshDelayMs (spec section 9)', () => {
  it('is 60 seconds before the JWT exp', () => {
    const tokens = { accessToken: buildAccessToken(3600), refreshToken: 'r', expiresAt: null };
    expect(refreshDelayMs(tokens, NOW)).toBe(3540_000);
  });

  it('uses the stored expiry when the token is not a readable JWT', () => {
    const tokens = { accessToken: 'opaque', refreshToken: 'r', expiresAt: NOW + 600_000 };
    expect(refreshDelayMs(tokens, NOW)).toBe(540_000);
  });

  it('is 900 seconds when the lifetime is unknown', () => {
    const tokens = { accessToken: 'opaque', refreshToken: 'r', expiresAt: null };
    expect(refreshDelayMs(tokens, NOW)).toBe(900_000);
  });

  it('is now for a token already inside its last minute', () => {
    const tokens = { accessToken: buildAccessToken(30), refreshToken: 'r', expiresAt: null };
    expect(refreshDelayMs(tokens, NOW)).toBe(0);
  });
});

describe('startRefreshSchedule', () => {
  it('refreshes 60 seconds before expiry and re-arms for the new token', async () => {
    storeTokens({ accessToken: buildAccessToken(3600), refreshToken: 'r1', expiresAt: null });
    refresh.mockImplementation(async () => {
      const accessToken = buildAccessToken(3600);
      storeTokens({ accessToken, refreshToken: 'r2', expiresAt: null });
      return accessToken;
    });
    const stop = startRefreshSchedule();

    await vi.advanceTimersByTimeAsync(3540_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(3540_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('refreshes after 900 seconds when the lifetime is unknown', async () => {
    storeTokens({ accessToken: 'opaque', refreshToken: 'r1', expiresAt: null });
    refresh.mockResolvedValue('opaque-2');
    const stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only re-arms when another tab already refreshed', async () => {
    storeTokens({ accessToken: buildAccessToken(3600), refreshToken: 'r1', expiresAt: null });
    const stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(3000_000);
    // Another tab refreshed: the stored token now lives another hour.
    storeTokens({ accessToken: buildAccessToken(3600), refreshToken: 'r2', expiresAt: null });
    await vi.advanceTimersByTimeAsync(540_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('tries again 30 seconds after a refresh that could not reach the server', async () => {
    storeTokens({ accessToken: buildAccessToken(60), refreshToken: 'r1', expiresAt: null });
    refresh.mockRejectedValueOnce(new Error('offline')).mockResolvedValue('next');
    const stop = startRefreshSchedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does nothing once stopped', async () => {
    storeTokens({ accessToken: buildAccessToken(120), refreshToken: 'r1', expiresAt: null });
    const stop = startRefreshSchedule();
    stop();
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
