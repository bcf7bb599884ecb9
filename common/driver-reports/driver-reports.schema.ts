import { z } from 'zod';
import { idParam } from '../http/fields';
import { paginated } from '../http/pagination';
import { OrderStateSchema, PaymentTypeSchema } from '../orders/orders.schema';

/** The driver order list shows 30 trips a page; the public report the same. */
export const DRIVER_ORDERS_PER_PAGE = 30;

/** One trip of a driver (Other screens "Driver order list"). Money in bani. */
export const DriverTripSchema = z.object({
  id: z.number().int(),
  /** UTC; shown DD.MM.YYYY HH:mm. */
  created_at: z.string(),
  /** The route: place names A, B, C … in order. */
  places: z.array(z.string()),
  state: OrderStateSchema,
  cost: z.number().int().nullable(),
  payment_type: PaymentTypeSchema,
  /** Order finance_info.is_paid. */
  is_paid: z.boolean(),
});
export type DriverTrip = z.infer<typeof DriverTripSchema>;

export const DriverTripListSchema = paginated(DriverTripSchema);
export type DriverTripList = z.infer<typeof DriverTripListSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /api/drivers/{id}/orders?payment_type&is_paid&page (filters, page size 30). */
export const DriverOrdersQuerySchema = z.strictObject({
  payment_type: PaymentTypeSchema.optional(),
  is_paid: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page,
});
export type DriverOrdersQuery = z.infer<typeof DriverOrdersQuerySchema>;

export const DriverIdParamsSchema = z.object({ id: idParam() });
export const ReportLinkParamsSchema = z.object({ id: idParam(), linkId: idParam() });

/** How long a new link lives unless the admin says otherwise (no lasting secrets). */
export const REPORT_LINK_DEFAULT_DAYS = 30;
export const REPORT_LINK_MAX_DAYS = 365;

export const CreateReportLinkBodySchema = z.strictObject({
  days: z.number().int().min(1).max(REPORT_LINK_MAX_DAYS).default(REPORT_LINK_DEFAULT_DAYS),
});
export type CreateReportLinkBody = z.input<typeof CreateReportLinkBodySchema>;

/** A report link as listed: never its token (only a digest is stored). */
export const ReportLinkSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ReportLink = z.infer<typeof ReportLinkSchema>;

/** The one answer that carries the token: the link, once, when it is made. */
export const CreatedReportLinkSchema = z.object({
  link: ReportLinkSchema,
  /** `/driver/reports/{token}`: the page's path on this site. */
  path: z.string(),
  /** The same on PUBLIC_URL. */
  url: z.string(),
});
export type CreatedReportLink = z.infer<typeof CreatedReportLinkSchema>;

/** The token in the public path: whatever was typed; an unknown one is a 404 like any other. */
export const ReportTokenParamsSchema = z.object({ token: z.string().max(200) });
export const ReportPageQuerySchema = z.strictObject({ page });

/** /driver/reports/{token}: the driver's name and call sign and his trips, nothing else. */
export const DriverReportSchema = z.object({
  driver: z.object({ name: z.string(), indicativ: z.string().nullable() }),
  expires_at: z.string(),
  trips: DriverTripListSchema,
});
export type DriverReport = z.infer<typeof DriverReportSchema>;

export const REPORT_LINK_INVALID =
  'Linkul nu mai este valid: a expirat, a fost revocat sau nu a existat. Cereți dispeceratului unul nou.';
export const REPORT_LINK_NOT_FOUND = 'Linkul nu a fost găsit.';
