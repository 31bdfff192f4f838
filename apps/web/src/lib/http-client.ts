// The HTTP layer under the API client, on the browser's own `fetch` (decision 020): the calls
// keep the shape they had with axios (`get`/`post`/`request`, `params`, `timeout`,
// `validateStatus`, `response.data`), and `api-client.ts` adds spec section 7's rules on top.

/** One call, as the app's code writes it. */
export interface RequestConfig {
  url: string;
  /** Any case; `get` unless told. */
  method?: string;
  /** Sent as JSON; never with GET or HEAD. */
  data?: unknown;
  /** The query string; undefined and null values are left out. */
  params?: object;
  headers?: HeadersInit;
  /** Milliseconds before the call gives up (a timeout failure); none unless told. */
  timeout?: number;
  /** Which statuses are an answer rather than a failure: 2xx unless told. */
  validateStatus?: (status: number) => boolean;
}

/** A call on its way: what interceptors see and may change. */
export interface HttpRequest extends Omit<RequestConfig, 'headers' | 'method'> {
  method: string;
  headers: Headers;
  /** Internal: the Authorization header is the stored access token, so a retry may renew it. */
  bearerFromStorage?: boolean;
  /** Internal: already retried once after a token refresh. */
  refreshRetried?: boolean;
  /** Internal: already retried once with a fresh CSRF token. */
  csrfRetried?: boolean;
}

export interface HttpResponse<T> {
  /** The body read as JSON; the text itself when it is not JSON ('' when empty). */
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/**
 * A call without an answer (`network`, `timeout`), or with a status its `validateStatus` refused
 * (`status`, with the response). `api-client.ts` turns it into an ApiError.
 */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';

  constructor(
    readonly kind: 'network' | 'timeout' | 'status',
    readonly request: HttpRequest,
    readonly response?: HttpResponse<unknown>,
  ) {
    super(
      kind === 'status'
        ? `HTTP ${response?.status ?? 0} from ${request.method.toUpperCase()} ${request.url}`
        : `${kind} failure of ${request.method.toUpperCase()} ${request.url}`,
    );
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return value.toString();
  }
  return JSON.stringify(value) ?? '';
}

/** The full address: the base, the path, then the params (an array as `key[]` once per item). */
export function requestUrl(baseUrl: string, request: Pick<RequestConfig, 'url' | 'params'>): URL {
  const path = /^https?:\/\//i.test(request.url) ? request.url : `${baseUrl}${request.url}`;
  const url = new URL(path, globalThis.location?.href);
  for (const [key, value] of Object.entries(request.params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) url.searchParams.append(`${key}[]`, queryValue(item));
    } else {
      url.searchParams.append(key, queryValue(value));
    }
  }
  return url;
}

function readBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function requestBody(request: HttpRequest): BodyInit | undefined {
  const { data } = request;
  if (data === undefined || request.method === 'get' || request.method === 'head') return undefined;
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob
  ) {
    return data;
  }
  if (!request.headers.has('Content-Type')) request.headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** Sends one call as it stands, with no interceptors; rejects with an HttpFailure. */
export async function sendRequest(
  baseUrl: string,
  request: HttpRequest,
): Promise<HttpResponse<unknown>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    request.timeout && request.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.timeout)
      : undefined;
  try {
    let answer: Response;
    let text: string;
    try {
      answer = await fetch(requestUrl(baseUrl, request), {
        method: request.method.toUpperCase(),
        headers: request.headers,
        body: requestBody(request),
        signal: controller.signal,
      });
      // The timeout covers the body too: an answer that stalls half-way is no answer.
      text = await answer.text();
    } catch {
      throw new HttpFailure(timedOut ? 'timeout' : 'network', request);
    }
    const response: HttpResponse<unknown> = {
      data: readBody(text),
      status: answer.status,
      headers: Object.fromEntries(answer.headers.entries()),
    };
    if (!(request.validateStatus ?? isSuccess)(answer.status)) {
      throw new HttpFailure('status', request, response);
    }
    return response;
  } finally {
    clearTimeout(timer);
  }
}

export type RequestInterceptor = (request: HttpRequest) => HttpRequest | Promise<HttpRequest>;
/** Given a failed call's error: an answer after all (a retry), or the error to reject with. */
export type FailureHandler = (error: unknown) => Promise<HttpResponse<unknown>>;
type CallOptions = Omit<RequestConfig, 'url' | 'method' | 'data'>;

export interface HttpClientOptions {
  baseUrl: string;
  headers?: HeadersInit;
  onFailure?: FailureHandler;
}

export interface HttpClient {
  request<T = unknown>(config: RequestConfig | HttpRequest): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, options?: CallOptions): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, options?: CallOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: CallOptions): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: CallOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, options?: CallOptions): Promise<HttpResponse<T>>;
  interceptors: {
    request: {
      /** Runs before every call, retries included; returns an id for `eject`. */
      use(interceptor: RequestInterceptor): number;
      eject(id: number): void;
    };
  };
}

export function createHttpClient({ baseUrl, headers, onFailure }: HttpClientOptions): HttpClient {
  const interceptors = new Map<number, RequestInterceptor>();
  let nextId = 0;

  async function request<T>(config: RequestConfig | HttpRequest): Promise<HttpResponse<T>> {
    const merged = new Headers(headers);
    new Headers(config.headers).forEach((value, name) => merged.set(name, value));
    let call: HttpRequest = {
      ...config,
      method: (config.method ?? 'get').toLowerCase(),
      headers: merged,
    };
    // Like axios, the interceptor added last runs first.
    for (const interceptor of [...interceptors.values()].reverse()) call = await interceptor(call);
    try {
      return (await sendRequest(baseUrl, call)) as HttpResponse<T>;
    } catch (error) {
      if (!onFailure) throw error;
      return (await onFailure(error)) as HttpResponse<T>;
    }
  }

  const withData =
    (method: string) =>
    <T>(url: string, data?: unknown, options?: CallOptions) =>
      request<T>({ ...options, url, method, data });
  const withoutData =
    (method: string) =>
    <T>(url: string, options?: CallOptions) =>
      request<T>({ ...options, url, method });

  return {
    request,
    get: withoutData('get'),
    delete: withoutData('delete'),
    post: withData('post'),
    put: withData('put'),
    patch: withData('patch'),
    interceptors: {
      request: {
        use(interceptor) {
          nextId += 1;
          interceptors.set(nextId, interceptor);
          return nextId;
        },
        eject(id) {
          interceptors.delete(id);
        },
      },
    },
  };
}
