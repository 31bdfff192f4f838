/**
 * Colours that come from data (a network's brand colour) used as text: kept recognisable, but
 * darkened or lightened until they read against the background (WCAG 2 contrast).
 */

type Rgb = [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHexColor(color: string): Rgb | null {
  const match = HEX.exec(color.trim());
  if (!match) return null;
  const digits =
    match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const first = parseHexColor(a);
  const second = parseHexColor(b);
  if (!first || !second) return 1;
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` itself when it already has `minRatio` against `background`; otherwise the same colour
 * mixed towards black (on a light background) or white (on a dark one) just enough to reach it.
 * An unreadable value (not #rgb or #rrggbb) gives `fallback`.
 */
export function readableColor(
  color: string,
  background: string,
  fallback: string,
  minRatio = 4.5,
): string {
  const rgb = parseHexColor(color);
  const bg = parseHexColor(background);
  if (!rgb || !bg) return fallback;
  if (contrastRatio(color, background) >= minRatio) return toHex(rgb);
  const target: Rgb = relativeLuminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step += 1) {
    const share = step / 20;
    const mixed = rgb.map((channel, index) => channel + (target[index]! - channel) * share) as Rgb;
    const hex = toHex(mixed);
    if (contrastRatio(hex, background) >= minRatio) return hex;
  }
  return toHex(target);
}
