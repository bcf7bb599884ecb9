import {
  createBlockedPhone,
  deleteBlockedPhone,
  listBlockedPhones,
} from '@common/blocked-phones/blocked-phones.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { BlockedPhonesService } from './blocked-phones.service';

const DISPATCH = ['admin', 'dispatcher'] as const;

export function blockedPhonesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  blocked: BlockedPhonesService,
) {
  route(app, authenticate, listBlockedPhones, { roles: DISPATCH }, ({ auth, query }) =>
    blocked.list(auth, query.search),
  );
  route(app, authenticate, createBlockedPhone, { roles: DISPATCH }, ({ auth, body }) =>
    blocked.create(auth, body.phone, body.reason),
  );
  route(app, authenticate, deleteBlockedPhone, { roles: DISPATCH }, async ({ auth, params }) => {
    await blocked.remove(auth, params.id);
    return null;
  });
}
