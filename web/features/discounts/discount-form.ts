import { formatRonInput, parseRon } from '@common/lib/money';
import {
  type DiscountCondition,
  type DiscountConditionBody,
  DiscountConditionBodySchema,
  type DiscountKind,
} from '@common/money/discounts.schema';
import type { FormErrors } from '@mantine/form';
import { contractResolver } from '../../lib/form/contract-resolver';
import { formatPercentInput, parsePercent } from './discount-format';

/** Whom a condition is for: everyone, one client, or one protocol company's rides. */
export type Audience = 'all' | 'client' | 'protocol';

/** A condition as the form holds it: amounts and percentages as typed, limits as typed. */
export interface DiscountDraft {
  name: string;
  kind: DiscountKind;
  /** '12,5' (percent) or '5,50' (RON). */
  value: string;
  /** RON, a percentage's cap; '' is none. */
  max_amount: string;
  /** YYYY-MM-DD or ''. */
  valid_from: string;
  valid_until: string;
  audience: Audience;
  /** The client found by the typed phone (audience 'client'). */
  client_id: number | null;
  client_phone: string;
  client_name: string;
  protocol_company_id: number | null;
  per_client_limit: number | string;
  total_limit: number | string;
  compensate_driver: boolean;
  disabled: boolean;
}

export const emptyDiscountDraft = (): DiscountDraft => ({
  name: '',
  kind: 'percent',
  value: '',
  max_amount: '',
  valid_from: '',
  valid_until: '',
  audience: 'all',
  client_id: null,
  client_phone: '',
  client_name: '',
  protocol_company_id: null,
  per_client_limit: '',
  total_limit: '',
  compensate_driver: false,
  disabled: false,
});

export const discountDraftOf = (c: DiscountCondition): DiscountDraft => ({
  name: c.name,
  kind: c.kind,
  value: c.kind === 'percent' ? formatPercentInput(c.value) : formatRonInput(c.value),
  max_amount: formatRonInput(c.max_amount),
  valid_from: c.valid_from ?? '',
  valid_until: c.valid_until ?? '',
  audience: c.client_id !== null ? 'client' : c.protocol_company_id !== null ? 'protocol' : 'all',
  client_id: c.client_id,
  client_phone: c.client_phone ?? '',
  client_name: c.client_name ?? '',
  protocol_company_id: c.protocol_company_id,
  per_client_limit: c.per_client_limit ?? '',
  total_limit: c.total_limit ?? '',
  compensate_driver: c.compensate_driver,
  disabled: c.disabled,
});

const parseValue = (draft: Pick<DiscountDraft, 'kind' | 'value'>) => {
  if (draft.kind === 'percent') return parsePercent(draft.value);
  const parsed = parseRon(draft.value);
  return parsed.ok ? { ok: true as const, value: parsed.bani } : parsed;
};

/** '' → none; half-typed text is not a number (the contract refuses it on its field). */
const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

/** The draft in the request's shape: only the chosen audience's id, a cap only on a percentage. */
export function discountInput(draft: DiscountDraft): DiscountConditionBody {
  const value = parseValue(draft);
  const max = draft.max_amount.trim() === '' ? null : parseRon(draft.max_amount);
  return {
    name: draft.name,
    kind: draft.kind,
    value: value.ok ? value.value : Number.NaN,
    max_amount: draft.kind === 'percent' && max !== null ? (max.ok ? max.bani : Number.NaN) : null,
    valid_from: draft.valid_from || null,
    valid_until: draft.valid_until || null,
    client_id: draft.audience === 'client' ? draft.client_id : null,
    protocol_company_id: draft.audience === 'protocol' ? draft.protocol_company_id : null,
    per_client_limit: numberOrNull(draft.per_client_limit),
    total_limit: numberOrNull(draft.total_limit),
    compensate_driver: draft.compensate_driver,
    disabled: draft.disabled,
  };
}

export const CLIENT_REQUIRED = 'Alegeți clientul: tastați telefonul unui client existent.';
export const PROTOCOL_REQUIRED = 'Alegeți firma de protocol.';

const resolve = contractResolver(DiscountConditionBodySchema, discountInput);

/**
 * The shared contract's check of a draft (the server runs the same schema), with the typed
 * text's own messages, and the chosen audience's pick required: without it the condition
 * would be everyone's.
 */
export function discountValidator(draft: DiscountDraft): FormErrors {
  const errors = resolve(draft);
  const value = parseValue(draft);
  if (draft.value.trim() !== '' && !value.ok) errors.value = value.error;
  const max = draft.max_amount.trim() === '' ? null : parseRon(draft.max_amount);
  if (draft.kind === 'percent' && max && !max.ok) errors.max_amount = max.error;
  if (draft.audience === 'client' && draft.client_id === null) errors.client_id = CLIENT_REQUIRED;
  if (draft.audience === 'protocol' && draft.protocol_company_id === null)
    errors.protocol_company_id = PROTOCOL_REQUIRED;
  return errors;
}

/** The request body of a draft that passed `discountValidator`. */
export const discountBody = (draft: DiscountDraft): DiscountConditionBody =>
  DiscountConditionBodySchema.parse(discountInput(draft));
