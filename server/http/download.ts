import type { Readable } from 'node:stream';

/**
 * A file a route sends (an endpoint that `produces` files): its name, media type and bytes,
 * streamed as they come.
 */
export class Download {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Readable,
  ) {}
}

/**
 * The `content-disposition` of a download. The name is kept to ASCII letters, digits, dots,
 * dashes and underscores, so no header can be split and every browser saves it as named.
 */
export function attachment(fileName: string): string {
  const safe = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${safe}"`;
}
