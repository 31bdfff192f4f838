/**
 * A browser and system in words from a User-Agent header, for people reading their own signed-in
 * devices: "Chrome 131 on Windows", "Safari on iPhone", "Firefox 133 on Linux". Order matters:
 * Edge and Opera say Chrome too, Chrome says Safari, and every iPhone browser says Safari.
 */
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: Array<[name: string, pattern: RegExp]> = [
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Android', /Android/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const name = browser
    ? `${browser[0]} ${browser[1].exec(userAgent)?.[1] ?? ''}`.trim()
    : /^(curl|Wget|node|undici|axios|python)/i.test(userAgent)
      ? userAgent.split(/[\s/]/)[0]!
      : 'Unknown browser';
  return system ? `${name} on ${system}` : name;
}
