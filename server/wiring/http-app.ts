import { randomUUID } from 'node:crypto';
import { NOT_FOUND } from '@common/http/errors';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { loggerOptions } from '../http/log-serializers';
import { RequestLogController } from '../http/request-logging';
import { sipWebsocketOrigins } from '../modules/calls/sip-settings';
import { frameworkErrors, registerErrorHandling } from '../plugins/errors';
import { registerSecurityHeaders } from '../plugins/security-headers';
import { registerWebStatic } from '../plugins/web-static';

/**
 * The HTTP server every area registers its routes on: request ids, logging without secrets,
 * zod validation, the error shape, security headers and the OpenAPI document.
 */
export async function createHttpApp(config: Config, logStream?: DestinationStream) {
  const app = Fastify({
    // No secrets, SQL parameters or full phone numbers in the logs (log-serializers.ts).
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL, logStream),
    // Routine reads log at debug, the rest at info (request-logging.ts).
    logController: new RequestLogController(config.SLOW_REQUEST_MS),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024, // no endpoint needs more
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    tilesUrl: config.MAP_TILES_URL,
    publicUrl: config.PUBLIC_URL,
    sipWebsockets: sipWebsocketOrigins(config),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'OGO Dispatch API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/** The built web app (`npm start`), or a JSON 404 for everything else (API tests). */
export async function serveWeb(app: FastifyInstance, webDistDir: string | undefined) {
  if (webDistDir !== undefined) {
    await registerWebStatic(app, webDistDir);
    return;
  }
  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404).send({
      message: NOT_FOUND.resource,
      code: 'not_found',
      request_id: String(request.id),
    });
  });
}
