import {
  type AnyEndpoint,
  buildPath,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  errorMessageOf,
} from '@app/contracts';

/** A failed call: the HTTP status (0 when the network failed), the server's code, the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: unknown;
  /** The raw JSON body of the error response, when there was one. */
  readonly body: unknown;

  constructor(init: { status: number; code: string; message: string; detail?: unknown; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.body = init.body;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The text to show for any error: an ApiError already carries the spec's message → detail → own → fallback. */
export function messageOfError(e: unknown): string {
  if (isApiError(e)) return e.message;
  return errorMessageOf(null, e instanceof Error ? e.message : undefined);
}

/** The input of an endpoint: only the parts the endpoint declares are meaningful. */
export interface CallInput<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.append(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The one way the web app talks to the server: typed by the endpoint descriptor of the contracts. */
export function callApi<E extends AnyEndpoint>(endpoint: E, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
  return callRoute<E>(endpoint, input);
}

/**
 * callApi for an endpoint given by its method and path only (signInRoutes): the sign-in page calls the server without
 * loading any schema, hence without zod; E, the endpoint's type, types the call.
 */
export async function callRoute<E extends AnyEndpoint>(
  endpoint: Pick<AnyEndpoint, 'method' | 'path'>,
  input: CallInput<E> = {},
): Promise<EndpointResponse<E>> {
  const url = buildPath(endpoint.path, input.params as Record<string, string | number> | undefined) + queryString(input.query);
  const hasBody = input.body !== undefined && endpoint.method !== 'GET';
  let res: Response;
  try {
    res = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const own = e instanceof Error ? e.message : undefined;
    throw new ApiError({ status: 0, code: 'NETWORK', message: errorMessageOf(null, own) });
  }
  const body = await readJson(res);
  if (!res.ok) {
    const b = (body ?? {}) as { code?: unknown; detail?: unknown };
    throw new ApiError({
      status: res.status,
      code: typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
      message: errorMessageOf(body, res.statusText || undefined),
      detail: b.detail,
      body,
    });
  }
  return body as EndpointResponse<E>;
}
