import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { forgetCsrfToken } from '../lib/csrf-token';
import { dropDetachedStyles } from './detached-styles';
import { installMatchMedia, mediaPreferences, setViewportWidth } from './match-media';
import { server } from './msw-server';

const DESKTOP_WIDTH_PX = 1280;
const STYLE_WITHOUT_PSEUDO_ELEMENTS = Symbol.for('crimsonhost.test.getComputedStyle');

// findBy and waitFor wait 5 s instead of 1 s: a lazy page's first load is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** jsdom has no ResizeObserver; antd's popups (tooltips, drawers) observe their size with it. */
class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/**
 * Requests no handler answered during the current test. MSW's own 'error' only prints and fails
 * the request, and a page that shrugs the failure off let its test pass.
 */
const unansweredRequests: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      unansweredRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
  installMatchMedia();
  window.ResizeObserver = NoopResizeObserver;
  // jsdom cannot scroll and says so; pages that scroll to the top on a new step do not care.
  window.scrollTo = () => undefined;
  // jsdom cannot compute pseudo-element styles and says so on every antd scroll lock: ask for the element.
  // Once per window: a worker keeps its window from one file to the next (decision 052).
  const marked = window as unknown as Record<symbol, boolean>;
  if (!marked[STYLE_WITHOUT_PSEUDO_ELEMENTS]) {
    marked[STYLE_WITHOUT_PSEUDO_ELEMENTS] = true;
    const computeStyle = window.getComputedStyle.bind(window);
    window.getComputedStyle = (element: Element) => computeStyle(element);
  }
});

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH_PX);
  mediaPreferences.prefersDark = false;
  mediaPreferences.reducedMotion = false;
});

afterEach(() => {
  cleanup();
  const unanswered = unansweredRequests.splice(0);
  dropDetachedStyles();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  forgetCsrfToken();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
  expect(unanswered, 'requests no handler of the test answered').toEqual([]);
});

afterAll(() => server.close());
