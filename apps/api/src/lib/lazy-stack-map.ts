import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the built API name the TypeScript source, as Node's `--enable-source-maps` does,
 * but the bundle's source map is read when a stack first passes through the bundle instead of at
 * start: held from the start, it cost an idle instance about 20 MB of heap (docs/benchmarks.md,
 * start and memory). Frames outside the bundle (node_modules, Node itself) are left as V8 wrote
 * them. Answers a function that puts back the previous formatter, or null when the bundle has no
 * map beside it (the API run from source, where tsx maps stacks itself).
 */
export function mapStacksLazily(bundleUrl: string): (() => void) | null {
  const bundlePath = fileURLToPath(bundleUrl);
  const mapPath = `${bundlePath}.map`;
  if (!existsSync(mapPath)) return null;
  const mapUrl = pathToFileURL(mapPath);
  let map: SourceMap | null | undefined;
  const sourceMap = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapPayload);
      } catch {
        map = null; // A missing or broken map leaves stacks as V8 wrote them.
      }
    }
    return map;
  };

  const frame = (site: NodeJS.CallSite): string => {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- V8's CallSite has its own.
    const text = site.toString();
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if ((file !== bundleUrl && file !== bundlePath) || line === null || column === null) {
      return text;
    }
    const entry = sourceMap()?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    const source = fileURLToPath(new URL(entry.originalSource, mapUrl));
    const at = `${file}:${line}:${column}`;
    const cut = text.lastIndexOf(at);
    if (cut < 0) return text;
    const mapped = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    return text.slice(0, cut) + mapped + text.slice(cut + at.length);
  };

  const previous = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
  Error.prepareStackTrace = (error, sites) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    return [header, ...sites.map((site) => `    at ${frame(site)}`)].join('\n');
  };
  return () => {
    if (previous) Object.defineProperty(Error, 'prepareStackTrace', previous);
    else Reflect.deleteProperty(Error, 'prepareStackTrace');
  };
}
