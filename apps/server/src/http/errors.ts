// Services throw AppError; the HTTP layer turns it into the contracts' error body.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After on a 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const badRequest = (code: string, message: string, details?: unknown) => new AppError(400, code, message, details);
