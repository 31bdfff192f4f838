/**
 * Where Ant Design's generated style sheets go in tests: an element outside the document. jsdom
 * computes a style by matching every rule of every sheet in the document against the element,
 * and role queries (is it hidden? what is its name?) and user-event's pointer-events check ask for
 * every ancestor: with Ant Design's sheets in the document that was about 70 % of the web suite's
 * CPU (decision 027). jsdom lays nothing out, so those sheets only ever decided `display` and
 * `visibility` here. Ant Design's inline styles and the project's own sheets still count; a test
 * that depends on what a generated class hides (a kept-but-closed dropdown, say) belongs in the
 * end-to-end suite, which renders the real styles in Chromium.
 *
 * The test providers also keep the component sheets out of this element (`mock="server"`): Ant
 * Design never removes one once written, and looks for an existing sheet by walking every child,
 * so a worker that runs file after file (decision 052) spent most of its time in that walk. The
 * CSS variable sheets still come here, and every test starts with the element empty.
 */
export const detachedStyles = document.createElement('div');

/** Forgets the sheets the last test wrote (setup.ts, after each test). */
export function dropDetachedStyles(): void {
  detachedStyles.replaceChildren();
}
