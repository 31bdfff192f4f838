import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from './page-reload';

vi.mock('./config', () => ({ config: { apiBaseUrl: '/api', isProduction: true } }));
vi.mock('./page-reload', () => ({ reloadPage: vi.fn() }));

const service = await import('./service-worker');
const { SERVICE_WORKER_URL } = service;

let stopWatching: (() => void) | undefined;
/** Registers as main.tsx does; the listeners are removed after each test. */
function registerServiceWorker() {
  stopWatching = service.registerServiceWorker();
}

/** navigator.serviceWorker as the app uses it: events, the controller, register(). */
class FakeContainer extends EventTarget {
  controller: object | null = null;
  readonly registration = { update: vi.fn(() => Promise.resolve()) };
  readonly register = vi.fn<(url: string) => Promise<unknown>>(() =>
    Promise.resolve(this.registration),
  );

  /** A worker takes control, as clientsClaim() does. */
  takeControl() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function installContainer(container: FakeContainer) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
}

let idleTasks: (() => void)[] = [];
let readyState: DocumentReadyState = 'loading';

beforeEach(() => {
  idleTasks = [];
  readyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task));
});

afterEach(() => {
  stopWatching?.();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function loadAndIdle() {
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
  idleTasks.splice(0).forEach((task) => task());
}

/** A link inside an element standing for the app's root, whose click handler is the router's. */
function appLink(href: string) {
  const root = document.createElement('div');
  const link = document.createElement('a');
  link.href = href;
  root.append(link);
  document.body.append(root);
  const router = vi.fn((event: MouseEvent) => event.preventDefault());
  root.addEventListener('click', router);
  const click = () => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(event);
    root.remove();
    return event;
  };
  return { router, click };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js only after the page has loaded and the browser is idle', () => {
    const container = new FakeContainer();
    installContainer(container);
    registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(container.register).not.toHaveBeenCalled();
    expect(idleTasks).toHaveLength(1);

    idleTasks[0]?.();
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('waits only for an idle moment when the page has already loaded', () => {
    readyState = 'complete';
    const container = new FakeContainer();
    installContainer(container);
    registerServiceWorker();
    expect(idleTasks).toHaveLength(1);
    idleTasks[0]?.();
    expect(container.register).toHaveBeenCalledTimes(1);
  });

  it('hands the worker the hashed files this page loaded, once it controls the page', async () => {
    const container = new FakeContainer();
    installContainer(container);
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${origin}/assets/index-abc123.js` },
      { name: `${origin}/assets/servers-page-def456.js` },
      { name: `${origin}/api/servers?page=1` },
      { name: 'https://elsewhere.example/assets/font.woff2' },
    ] as PerformanceEntryList);
    const fetched = vi.fn((_url: string) => Promise.resolve(new Response('')));
    vi.stubGlobal('fetch', fetched);

    registerServiceWorker();
    loadAndIdle();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    await Promise.resolve();
    expect(fetched).not.toHaveBeenCalled();

    container.takeControl();
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([
      `${origin}/assets/index-abc123.js`,
      `${origin}/assets/servers-page-def456.js`,
    ]);
  });

  it('leaves navigation to the router on a first visit, when the first worker takes control', () => {
    const container = new FakeContainer();
    installContainer(container);
    registerServiceWorker();
    container.takeControl();

    const { router, click } = appLink('/servers');
    expect(click().defaultPrevented).toBe(true);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('loads the page on the next navigation once a new release has taken over', () => {
    const container = new FakeContainer();
    container.controller = {};
    installContainer(container);
    registerServiceWorker();

    container.takeControl();
    // Taking over reloads nothing: someone may be filling a form.
    expect(reloadPage).not.toHaveBeenCalled();

    const { router, click } = appLink('/servers');
    const event = click();
    expect(router).not.toHaveBeenCalled();
    // Not prevented: the browser follows the link and loads the new release.
    expect(event.defaultPrevented).toBe(false);

    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('routes as before when the worker already in control is announced again', () => {
    const container = new FakeContainer();
    const worker = {};
    container.controller = worker;
    installContainer(container);
    registerServiceWorker();

    // A page loaded while its worker was activating can hear of it once more when it claims tabs.
    container.dispatchEvent(new Event('controllerchange'));

    const { router, click } = appLink('/servers');
    expect(click().defaultPrevented).toBe(true);
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('leaves links to other sites alone after a new release', () => {
    const container = new FakeContainer();
    container.controller = {};
    installContainer(container);
    registerServiceWorker();
    container.takeControl();

    const { router, click } = appLink('https://elsewhere.example/');
    click();
    expect(router).toHaveBeenCalledTimes(1);
  });

  it('asks for a new release when the tab is shown again', async () => {
    const container = new FakeContainer();
    installContainer(container);
    registerServiceWorker();
    loadAndIdle();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    await Promise.resolve();

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed registration', async () => {
    const failure = new Error('SecurityError');
    const container = new FakeContainer();
    container.register.mockImplementation(() => Promise.reject(failure));
    installContainer(container);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    registerServiceWorker();
    loadAndIdle();

    await vi.waitFor(() => {
      expect(log).toHaveBeenCalledWith('Service worker registration failed', failure);
    });
  });

  it('does nothing in a browser without service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => {
      registerServiceWorker();
      loadAndIdle();
    }).not.toThrow();
  });
});
