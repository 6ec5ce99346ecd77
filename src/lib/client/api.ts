import type { AnswerOf, Endpoint } from "@/lib/api/endpoint";
/** The browser's way to call our JSON API: one error type carrying the server's code, message and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
    const retry = Number(response.headers.get("Retry-After")) || undefined;
    throw new ApiError(
      response.status,
      error?.code ?? "HTTP_" + response.status,
      error?.message ?? "Something went wrong. Please try again.",
      error?.fields,
      retry,
    );
  }
  return data as T;
}

/**
 * The typed client (docs/api.md, "A typed client"): calls an endpoint a feature declares in its
 * components/endpoints.ts (`endpoint("GET", "/api/events/{slug}", "eventDetail")`, src/lib/api/endpoint.ts)
 * and answers what that route's answer schema says, so no page writes an answer's type by hand.
 * It trusts the server (no parsing, and no zod, in the browser); the tests hold the server to
 * the schema (decision 071).
 */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name]: string } & PathParams<Rest> : unknown;
type Query = Record<string, string | number | boolean | null | undefined>;

export type CallOptions<P extends string> = (P extends `${string}{${string}}${string}` ? { params: PathParams<P> } : { params?: undefined }) & {
  /** The query string; null, undefined and empty values are left out. */
  query?: Query;
  body?: unknown;
};

/** The address of an endpoint with its path parameters and query filled in (also an SWR key). */
export function endpointUrl<E extends Endpoint>(endpoint: E, options: Omit<CallOptions<E["path"]>, "body">): string {
  const params = (options.params ?? {}) as Record<string, string>;
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== null && v !== "") query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls an endpoint; resolves to its answer (its schema's output type), rejects with ApiError. */
export function call<E extends Endpoint>(endpoint: E, ...[options]: Record<string, never> extends CallOptions<E["path"]> ? [options?: CallOptions<E["path"]>] : [options: CallOptions<E["path"]>]): Promise<AnswerOf<E>> {
  const o = (options ?? {}) as CallOptions<E["path"]>;
  return api<AnswerOf<E>>(endpointUrl(endpoint, o), { method: endpoint.method, body: o.body });
}

/** An SWR fetcher for one endpoint: `useSWR(endpointUrl(e, …), fetcherOf(e))`. */
export function fetcherOf<E extends Endpoint>(endpoint: E): (url: string) => Promise<AnswerOf<E>> {
  return (url: string) => api<AnswerOf<E>>(url, { method: endpoint.method });
}
