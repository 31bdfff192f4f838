/** How long the browser gets to start saving before the file's address is let go. */
const REVOKE_AFTER_MS = 10_000;

/** Hands `blob` to the browser to save as `fileName`, as a download link would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
