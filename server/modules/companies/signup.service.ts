import { createHash } from 'node:crypto';
import type { AccessToken, LoggedUser } from '@common/auth/auth.schema';
import {
  type CompanySignupBody,
  type CompanySignupResponse,
  CUI_TAKEN,
  EMAIL_TAKEN,
  SIGNUP_PACKAGES,
} from '@common/companies/signup.schema';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, validationFailed } from '../../http/app-error';
import type { FailureCounter } from '../../lib/failure-counter';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findLoggedUser } from '../auth/auth.repo';
import * as repo from './signup.repo';

const KEY_PATTERN = /^[\w.:-]{8,200}$/;
const KEY_HEADER = 'Idempotency-Key';
const KEY_REUSED = 'Cheia a fost folosită pentru altă înscriere.';

export interface SignupClient {
  ip: string;
  userAgent: string | null;
  idempotencyKey: string | undefined;
}

export interface SignupDeps {
  db: Db;
  /** The login limits' counter (Redis when clustered): sign-ups count per address in its window. */
  attempts: FailureCounter;
  maxPerIp: number;
  windowSeconds: number;
  /** The auth service's token issuing: a sign-up ends logged in like a login. */
  issueSession: (
    userId: number,
    options: { ttlSeconds: number; ip: string; userAgent: string | null },
  ) => Promise<AccessToken>;
  tokenTtlSeconds: number;
}

/**
 * The digest a retry is recognised by: the body without its password, so no copy of the
 * password is kept beside its argon2 hash; the password of a retry is checked against that hash.
 */
const requestHashOf = (body: CompanySignupBody) => {
  const { user_password: _password, ...rest } = body;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
};

/** The unique index a failed insert ran into, if that is what failed (a race with another). */
const uniqueIndexOf = (error: unknown) =>
  ['companies_cui_idx', 'users_email_idx', 'company_signups_pkey'].find((index) =>
    isUniqueViolation(error, index),
  );

/**
 * POST /api/company: a business signs up and is logged in. Its company gets
 * the type of its package and a trial; its first user is manager + dispatcher of it. Nothing else
 * is created: services and order options of company null are everyone's (catalog), and with no
 * search interval the engine uses the default step (search-plan.ts) until /settings or /builder
 * say otherwise, so the new company can take orders at once.
 */
export function createSignupService(deps: SignupDeps) {
  const { db } = deps;

  const tooMany = () =>
    new AppError(
      'too_many_requests',
      'Prea multe înscrieri de la această adresă. Încercați din nou mai târziu.',
      undefined,
      { 'retry-after': String(Math.ceil(deps.windowSeconds)) },
    );

  async function loggedIn(
    companyId: number,
    userId: number,
    client: SignupClient,
  ): Promise<CompanySignupResponse> {
    const accessToken = await deps.issueSession(userId, {
      ttlSeconds: deps.tokenTtlSeconds,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const user: LoggedUser | undefined = await findLoggedUser(db, userId);
    if (!user) throw new Error('the signed-up user vanished');
    return { ...accessToken, company_id: companyId, user };
  }

  /** An earlier sign-up under this key: the same body logs in again, another is refused. */
  async function replay(
    key: string,
    requestHash: string,
    body: CompanySignupBody,
    client: SignupClient,
  ): Promise<CompanySignupResponse | undefined> {
    const previous = await repo.findSignup(db, key);
    if (!previous) return undefined;
    const same =
      previous.request_hash === requestHash &&
      (await verifyPassword(previous.password_hash, body.user_password));
    if (!same) throw validationFailed({ [KEY_HEADER]: [KEY_REUSED] });
    return loggedIn(previous.company_id, previous.user_id, client);
  }

  async function signUp(
    body: CompanySignupBody,
    client: SignupClient,
  ): Promise<CompanySignupResponse> {
    const key = client.idempotencyKey;
    if (key !== undefined && !KEY_PATTERN.test(key)) {
      throw validationFailed({ [KEY_HEADER]: ['8-200 caractere: litere, cifre, . : _ -'] });
    }
    // Every attempt counts, a retry too: a script cannot fill the registry of companies.
    // Counted and decided in one step, never released: a burst gets no more than the limit.
    const attempt = await deps.attempts.reserve([
      { key: `signup-ip:${client.ip}`, max: deps.maxPerIp },
    ]);
    if (!attempt.allowed) throw tooMany();

    const requestHash = requestHashOf(body);
    if (key !== undefined) {
      const replayed = await replay(key, requestHash, body, client);
      if (replayed) return replayed;
    }
    const [cuiTaken, emailTaken] = await Promise.all([
      repo.cuiTaken(db, body.cui),
      repo.emailTaken(db, body.user_email),
    ]);
    if (cuiTaken || emailTaken) {
      throw validationFailed({
        ...(cuiTaken ? { cui: [CUI_TAKEN] } : {}),
        ...(emailTaken ? { user_email: [EMAIL_TAKEN] } : {}),
      });
    }
    const type = SIGNUP_PACKAGES.find((item) => item.id === body.package_id)?.type ?? 'dispatch';
    const passwordHash = await hashPassword(body.user_password);
    let created: { companyId: number; userId: number };
    try {
      created = await db.transaction((tx) =>
        repo.insertSignup(tx, {
          body,
          type,
          passwordHash,
          key: key === undefined ? null : { value: key, requestHash },
        }),
      );
    } catch (error) {
      // Another request got there between the checks and the insert: the same sign-up sent
      // twice at once (its key's record is there now: replay it), or someone else's.
      const index = uniqueIndexOf(error);
      if (index === undefined) throw error;
      if (key !== undefined) {
        const replayed = await replay(key, requestHash, body, client);
        if (replayed) return replayed;
      }
      if (index === 'companies_cui_idx') throw validationFailed({ cui: [CUI_TAKEN] });
      if (index === 'users_email_idx') throw validationFailed({ user_email: [EMAIL_TAKEN] });
      throw error;
    }
    return loggedIn(created.companyId, created.userId, client);
  }

  return { signUp };
}

export type SignupService = ReturnType<typeof createSignupService>;
