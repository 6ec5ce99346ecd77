/** The one error shape of the API: {"error":{"code","message","fields"?}}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const httpErrors = {
  badRequest: (message: string, fields?: Record<string, string>) => new HttpError(400, "VALIDATION_FAILED", message, fields),
  unauthorized: () => new HttpError(401, "UNAUTHENTICATED", "Sign in to do this."),
  forbidden: (message = "You do not have permission to do this.") => new HttpError(403, "FORBIDDEN", message),
  notFound: (message = "Not found.") => new HttpError(404, "NOT_FOUND", message),
  conflict: (code: string, message: string) => new HttpError(409, code, message),
  unprocessable: (code: string, message: string, fields?: Record<string, string>) => new HttpError(422, code, message, fields),
  tooManyRequests: (retryAfterSeconds: number, message: string) =>
    new HttpError(429, "RATE_LIMITED", message, undefined, { "Retry-After": String(retryAfterSeconds) }),
};
