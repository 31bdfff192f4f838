// The entry is small on purpose (decision 060): the page's HTML, prerendered or not, is painted
// before the browser runs the app's modules, which a slow phone takes a while to evaluate. The
// build preloads those modules from the HTML, so they download while the page paints. A
// prerendered page also lists the first screens' Ant Design stylesheet for the app: it is fetched
// now, and the app renders once it is in, taking those styles from it instead of computing them
// (decision 067).
import './app/global.css';
import { loadAppStylesheets } from './lib/app-stylesheets';
import { askEarly } from './lib/early-answers';
import { evaluateInSteps, preloadedModules } from './lib/evaluate-in-steps';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const stylesheets = loadAppStylesheets(document);

const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerendered-theme]');
const prerenderedShown =
  prerendered !== null && getComputedStyle(prerendered).visibility !== 'hidden';

// The app's chunks one task at a time (decision 066), then the app, whose import evaluates nothing
// more by then.
const start = () =>
  evaluateInSteps(preloadedModules(document))
    .then(() => Promise.all([import('./app/start'), stylesheets]))
    .then(([{ startApp }]) => startApp(container, prerenderedShown));

if (prerenderedShown) {
  // A server's page: its listing is asked for now, while the app's modules download (decision 066).
  // The prerendered page is shown only to a visitor without a stored session.
  const server = /^\/servers\/([^/]+)\/?$/.exec(window.location.pathname);
  if (server) askEarly(`/servers/${server[1]}`);

  // After the next frame: the prerendered page is painted first. (A tab opened in the background
  // gets no frames, hence the timer.)
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    void start();
  };
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  setTimeout(startOnce, 100);
} else {
  void start();
}
