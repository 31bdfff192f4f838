import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2.2 AA rules and those before them (axe-core 4.14 tags 2.2's A rules under `wcag22aa`
 * too; it has no `wcag22a` tag), with axe's best practices.
 */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe-core in the page and returns the serious and critical violations, one line each. */
export async function seriousA11yViolations(page) {
  await animationsSettled(page);
  // Evaluated through the DevTools protocol, so the page's CSP does not block it; once per
  // document, as the page keeps it until the next navigation.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // Only violations are read: axe then skips building selectors for every node that passed,
    // the larger part of its time on a full page (axe-core API, "Performance").
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  }, A11Y_TAGS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

/**
 * Brings every CSS transition and animation that is running to its end (a dialog fading in, a
 * radio or a theme's colours changing), as Playwright's `animations: 'disabled'` does for finite
 * ones, until none is left. Contrast measured half-way through a fade is not the contrast a person
 * reads; jumping to the end reads the same colours as waiting them out, without the wait (about a
 * third of a second at each theme switch). Infinite ones (a spinner, a skeleton's shimmer) run on.
 */
export async function animationsSettled(page, timeoutMs = 5_000) {
  await page.evaluate(async (limit) => {
    const deadline = performance.now() + limit;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    // A motion may start a frame or two after the last one ended (a dialog's zoom is prepared in
    // one frame and run in the next): only three frames in a row with nothing running count as
    // settled. Axe measured a dialog's button half-faded when one quiet look was taken as enough.
    let quietFrames = 0;
    while (quietFrames < 3 && performance.now() <= deadline) {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        );
      if (running.length === 0) quietFrames += 1;
      else {
        quietFrames = 0;
        for (const animation of running) animation.finish();
      }
      await frame();
    }
  }, timeoutMs);
}
