import type {
  Month,
  StatementClient,
  StatementRide,
  StatementTotals,
} from '@common/money/statements.schema';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

/** The protocol statements' reads, SQL only (docs/MONEY.md "Protocol statements"). */

/** A Bucharest month's first instant, UTC, as `trip_finished_at` is stored. */
const monthStart = (month: Month, plus: number) =>
  sql`(((${`${month}-01`}::date + make_interval(months => ${plus}))::timestamp
    at time zone 'Europe/Bucharest') at time zone 'utc')`;

/** The rides a statement bills: finished, billed to the client, ended within the month. */
const billedRides = (month: Month) => sql`o.state = 'finished'
  and o.trip_finished_at >= ${monthStart(month, 0)}
  and o.trip_finished_at < ${monthStart(month, 1)}`;

/** A ride's discount and what the client owes: the discounted fare, else the fare, else 0. */
const discountOf = sql`coalesce(o.discount_amount, 0)`;
const billedOf = sql`coalesce(o.discounted_cost, o.cost, 0)`;

export interface Party {
  id: number;
  name: string;
  cui: string | null;
  address: string | null;
}

export interface ProtocolClient extends Party {
  parent_company_id: number | null;
}

/** A protocol company, with the fleet company it orders from; null when none is. */
export async function protocolClient(db: DbOrTx, id: number): Promise<ProtocolClient | null> {
  const [row] = rowsOf<ProtocolClient>(
    await db.execute(sql`select id, name, cui, address, parent_company_id from companies
      where id = ${id} and type = 'protocol'`),
  );
  return row ?? null;
}

export async function party(db: DbOrTx, id: number): Promise<Party | null> {
  const [row] = rowsOf<Party>(
    await db.execute(sql`select id, name, cui, address from companies where id = ${id}`),
  );
  return row ?? null;
}

type SumsRow = {
  rides: string | number;
  cost: string | number;
  discount: string | number;
  billed: string | number;
};

const toTotals = (row: SumsRow | undefined): StatementTotals => ({
  rides: Number(row?.rides ?? 0),
  cost: Number(row?.cost ?? 0),
  discount: Number(row?.discount ?? 0),
  billed: Number(row?.billed ?? 0),
});

/** Every protocol client of the fleet company, by name, with its month's sums (zero too). */
export async function clientSums(
  db: DbOrTx,
  fleetCompanyId: number,
  month: Month,
): Promise<StatementClient[]> {
  const rows = rowsOf<SumsRow & { company_id: number; name: string; cui: string | null }>(
    await db.execute(sql`select c.id as company_id, c.name, c.cui,
        count(o.id) as rides, coalesce(sum(o.cost), 0) as cost,
        coalesce(sum(${discountOf}), 0) as discount, coalesce(sum(${billedOf}), 0) as billed
      from companies c
      left join orders o on o.protocol_company_id = c.id and ${billedRides(month)}
      where c.type = 'protocol' and c.parent_company_id = ${fleetCompanyId}
      group by c.id order by lower(c.name), c.id`),
  );
  return rows.map((row) => ({
    company_id: row.company_id,
    name: row.name,
    cui: row.cui,
    ...toTotals(row),
  }));
}

/** The client's billed rides in the month, in the order they ended. */
export async function statementRides(
  db: DbOrTx,
  clientId: number,
  month: Month,
): Promise<StatementRide[]> {
  return rowsOf<StatementRide>(
    await db.execute(sql`select o.id as order_id,
        to_char(o.trip_finished_at, 'YYYY-MM-DD HH24:MI:SS') as finished_at,
        o.client_name as passenger, o.phone,
        (select p.name from order_places p where p.order_id = o.id
          order by p.position limit 1) as pickup,
        (select p.name from order_places p where p.order_id = o.id and p.position > 0
          order by p.position desc limit 1) as destination,
        o.car_indicativ, u.name as ordered_by, o.payment_type, o.cost,
        ${discountOf} as discount, ${billedOf} as billed
      from orders o left join users u on u.id = o.dispatcher_id
      where o.protocol_company_id = ${clientId} and ${billedRides(month)}
      order by o.trip_finished_at, o.id`),
  );
}
