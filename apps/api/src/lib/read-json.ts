/**
 * A response's body as text and as JSON: `{}` for an empty body, `undefined` when it is not JSON
 * (a proxy's HTML error page, a truncated answer), so a caller can tell "answered" from "garbled".
 */
export async function readJson(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  try {
    return { text, json: text ? (JSON.parse(text) as unknown) : {} };
  } catch {
    return { text, json: undefined };
  }
}
