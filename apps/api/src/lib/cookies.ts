/**
 * The few cookies the API sets are HttpOnly and SameSite=Lax, scoped to the path that reads them.
 * Sessions do not use cookies (decision 002); these only bind a flow to the browser that began it.
 */
export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** Only over https: true when the storefront's public address is https. */
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The value of one cookie in a Cookie header, or undefined. Values are not decoded. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
