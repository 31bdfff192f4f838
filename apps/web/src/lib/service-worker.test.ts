import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./config', () => ({ config: { apiBaseUrl: '/api', isProduction: true } }));

const { registerServiceWorker, SERVICE_WORKER_URL } = await import('./service-worker');

function stubServiceWorker(register: () => Promise<unknown>) {
  const registerMock = vi.fn(register);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: registerMock },
  });
  return registerMock;
}

describe('registerServiceWorker', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js once the page has loaded', () => {
    const register = stubServiceWorker(() => Promise.resolve({}));
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('only logs a failed registration', async () => {
    const failure = new Error('SecurityError');
    stubServiceWorker(() => Promise.reject(failure));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    registerServiceWorker();
    window.dispatchEvent(new Event('load'));

    await vi.waitFor(() => {
      expect(log).toHaveBeenCalledWith('Service worker registration failed', failure);
    });
  });

  it('does nothing in a browser without service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => {
      registerServiceWorker();
      window.dispatchEvent(new Event('load'));
    }).not.toThrow();
  });
});
