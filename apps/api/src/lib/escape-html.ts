/** Text made safe to place in the HTML part of a mail: markup characters become entities. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
