// The entry is small on purpose (decision 060): the page's HTML, prerendered or not, is painted
// before the browser runs the app's modules, which a slow phone takes a while to evaluate. The
// shell preloads those modules from the HTML; a prerendered page lists them, with the stylesheet
// of Ant Design's styles its screens use, and the entry fetches them once the page is painted
// (decision 067).
import './app/global.css';
import { askEarly } from './lib/early-answers';
import { loadStylesheets, startModuleDownloads } from './lib/after-paint';
import { evaluateInSteps, preloadedModules } from './lib/evaluate-in-steps';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerendered-theme]');
const prerenderedShown =
  prerendered !== null && getComputedStyle(prerendered).visibility !== 'hidden';

// The app's chunks one task at a time (decision 066), then the app, whose import evaluates nothing
// more by then. It renders once the first screens' stylesheet is in too: Ant Design then takes
// the styles the build computed from it instead of computing them again (decision 067).
const start = () => {
  const modules = preloadedModules(document);
  startModuleDownloads(document);
  const stylesheets = loadStylesheets(document);
  return evaluateInSteps(modules)
    .then(() => Promise.all([import('./app/start'), stylesheets]))
    .then(([{ startApp }]) => startApp(container, prerenderedShown));
};

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
