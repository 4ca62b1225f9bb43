// The one HTTP client for /app/api. JSON in and out, the session cookie always sent, and
// every failure turned into an ApiError that carries the server's { error: { code, message } }.
// Features subscribe to 401 answers with onUnauthorized (e.g. to drop a stale signed-in flag).
import { apiErrorGuard as apiErrorSchema } from '@visage/contracts/first-load';

export const API_BASE = '/app/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** Stable code from the server (or 'network_error' / 'http_<status>' / 'invalid_response'). */
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Calls `listener` whenever the server answers 401; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Anything with a `parse` method (a zod schema from @visage/contracts) can check an answer. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A parser loaded on first use (see lib/contracts.ts): asked for as the request starts. */
export type LazyParser<T> = () => Promise<ResponseParser<T>>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart form data (uploads), or url-encoded fields (URLSearchParams). */
  form?: FormData | URLSearchParams;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates and types the answer; without it the answer is returned unchecked. */
  schema?: ResponseParser<T> | LazyParser<T>;
}

export function apiUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }

  // A lazy parser loads while the request is in flight; a failed load is seen after the answer.
  const parser = typeof options.schema === 'function' ? options.schema() : options.schema;
  if (parser instanceof Promise) parser.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.');
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response, data);
    if (response.status === 401) for (const listener of [...unauthorizedListeners]) listener(error);
    throw error;
  }
  if (!parser) return data as T;
  try {
    return (await parser).parse(data);
  } catch (cause) {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an answer this page does not understand.', cause);
  }
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'json' | 'form'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, json?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', json }),
  put: <T = unknown>(path: string, json?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', json }),
  patch: <T = unknown>(path: string, json?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', json }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, data: unknown): ApiError {
  try {
    const { code, message, details } = apiErrorSchema.parse(data).error;
    return new ApiError(response.status, code, message, details);
  } catch {
    // Not our error body (a proxy's page, an empty answer): the status says what happened.
  }
  return new ApiError(response.status, `http_${response.status}`, response.statusText || `Request failed with status ${response.status}`);
}
