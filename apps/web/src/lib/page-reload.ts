/** Reloads the current page. Its own module so tests can replace it: jsdom cannot reload. */
export function reloadPage(): void {
  window.location.reload();
}
