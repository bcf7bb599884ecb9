import { ERROR_STATUS, type ErrorCode, NOT_FOUND, type NotFoundKind } from '@common/http/errors';

/**
 * A domain error: the handler maps `code` to its status (Errors).
 * `message` is shown to the user, so it must never carry internals.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: NotFoundKind = 'resource') =>
  new AppError('not_found', NOT_FOUND[what]);
export const forbidden = (message = 'Nu aveți dreptul să faceți această acțiune.') =>
  new AppError('forbidden', message);
export const unauthenticated = () =>
  new AppError('unauthenticated', 'Sesiunea a expirat. Autentificați-vă din nou.');
export const conflict = (message: string) => new AppError('conflict', message);
export const validationFailed = (errors: Record<string, string[]>) =>
  new AppError('validation_failed', 'Datele trimise nu sunt valide.', errors);
