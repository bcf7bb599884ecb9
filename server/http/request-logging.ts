import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Methods that only read: a console polls them all day, so they log at debug. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The level of a finished request's line: info for what an operator reads later (a refusal or
 * failure, a slow answer, anything that changed state), debug for the routine reads that would
 * otherwise fill the log (megabytes an hour for one idle console).
 */
export function requestLogLevel(
  method: string,
  statusCode: number,
  elapsedMs: number,
  slowMs: number,
): 'info' | 'debug' {
  if (statusCode >= 400 || elapsedMs >= slowMs || !READ_METHODS.has(method)) return 'info';
  return 'debug';
}

/**
 * Fastify's request lines at the levels above (its own log every request twice at info): the
 * incoming line at debug, the finished one with the request, 'slow request' past SLOW_REQUEST_MS.
 * A request that errored keeps Fastify's error line.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const elapsed = reply.elapsedTime;
    const level = requestLogLevel(request.method, reply.statusCode, elapsed, this.slowMs);
    reply.log[level](
      { req: request, res: reply, responseTime: elapsed },
      elapsed >= this.slowMs ? 'slow request' : 'request completed',
    );
  }
}
