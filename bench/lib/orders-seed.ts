/**
 * Set-based seed of the orders benchmark: drivers with cars, clients, N orders over
 * 90 days with one place each, written with `INSERT … SELECT generate_series` in chunks, so a
 * million rows take seconds to minutes instead of a million round trips. Deterministic: every
 * "random" number is a hash of the row number (no session RNG, so a connection pool gives the
 * same data as PGlite's single session).
 *
 * The schema's indexes already exist (the migrations made them), so their upkeep is part of the
 * load time, as it would be for a real table.
 */

/** Runs one SQL statement (no parameters; every value below is a number this module made). */
export type RunSql = (statement: string) => Promise<void>;
export type QuerySql = <T>(statement: string) => Promise<T[]>;

export interface SeedCompany {
  id: number;
  /** Share of the orders (the weights add up to 1). */
  weight: number;
  /** The company's dispatcher user ids (they also appear as orders' dispatcher_id). */
  dispatcherIds: number[];
}

export interface SeedPlan {
  orders: number;
  days: number;
  companies: SeedCompany[];
  driversPerCompany: number;
  clientsPerCompany: number;
  /** Rows per INSERT statement. */
  chunk: number;
}

export interface SeedResult {
  seconds: number;
  byState: Record<string, number>;
  alwaysInCall: number;
  steps: { step: string; seconds: number }[];
}

const STREET_TYPES = ['Strada', 'Strada', 'Bulevardul', 'Aleea', 'Calea', 'Șoseaua', 'Intrarea'];
const STREET_NAMES = [
  'Ștefan cel Mare',
  'Mihai Eminescu',
  'Ion Creangă',
  'Vasile Alecsandri',
  'Mihail Kogălniceanu',
  'Costache Negruzzi',
  'Dimitrie Cantemir',
  'Petru Rareș',
  'Nicolae Bălcescu',
  'Alexandru Ioan Cuza',
  'Nicolae Iorga',
  'George Enescu',
  'Gheorghe Asachi',
  'Vasile Conta',
  'Florilor',
  'Teilor',
  'Plopilor',
  'Salcâmilor',
  'Trandafirilor',
  'Morii',
  'Păcurari',
  'Sărărie',
  'Independenței',
  'Tudor Vladimirescu',
  'Primăverii',
  'Păcii',
  'Unirii',
  'Libertății',
  'Grădinilor',
  'Castanilor',
];

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlArray = (values: readonly string[]) => `(array[${values.map(sqlText).join(',')}])`;
const int = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
};

/** A deterministic float in [0, 1) from a row number and a salt. */
const RAND_FUNCTION = `create or replace function bench_rand(g bigint, salt int) returns float8
  language sql immutable parallel safe as
  $$ select (hashint8(g * 1000003 + salt) & 2147483647)::float8 / 2147483648 $$`;

/** Which company row k (0-based) an order belongs to, from the cumulative weights. */
function companyCase(companies: readonly SeedCompany[], r: string): string {
  let cumulative = 0;
  const arms = companies.slice(0, -1).map((company, k) => {
    cumulative += company.weight;
    return `when ${r} < ${cumulative.toFixed(4)} then ${k}`;
  });
  return `case ${arms.join(' ')} else ${companies.length - 1} end`;
}

export async function seedOrders(
  plan: SeedPlan,
  run: RunSql,
  query: QuerySql,
  log: (message: string) => void,
): Promise<SeedResult> {
  const started = performance.now();
  const steps: SeedResult['steps'] = [];
  const step = async (name: string, work: () => Promise<void>) => {
    const at = performance.now();
    await work();
    const seconds = (performance.now() - at) / 1000;
    steps.push({ step: name, seconds: Math.round(seconds * 10) / 10 });
    log(`seed: ${name} ${seconds.toFixed(1)} s`);
  };
  const companyIds = `array[${plan.companies.map((c) => int(c.id)).join(',')}]`;
  const drivers = plan.driversPerCompany;
  const clients = plan.clientsPerCompany;
  const dispatchers = Math.min(...plan.companies.map((c) => c.dispatcherIds.length));
  if (dispatchers < 1) throw new Error('every company needs a dispatcher');

  await step('helpers', async () => {
    await run(RAND_FUNCTION);
    await run(
      `drop table if exists bench_seed_dispatchers, bench_seed_drivers, bench_seed_clients`,
    );
    await run(
      `create table bench_seed_dispatchers (k int, j int, user_id int, primary key (k, j))`,
    );
    const rows = plan.companies.flatMap((company, k) =>
      company.dispatcherIds.map((id, j) => `(${k}, ${j}, ${int(id)})`),
    );
    await run(`insert into bench_seed_dispatchers values ${rows.join(',')}`);
  });

  await step(`${drivers * plan.companies.length} drivers with cars`, async () => {
    const total = drivers * plan.companies.length;
    // Driver g belongs to company k = g % companies, as its j = g / companies-th driver.
    await run(`insert into users (name, email, identifier, roles, password_hash, is_online)
      select 'Șofer ' || g, 'bench-driver-' || g || '@bench.ogo.local', (100 + g)::text,
        '{driver}', 'not-a-hash', g % 3 <> 0
      from generate_series(0, ${int(total - 1)}) g`);
    await run(`create table bench_seed_drivers as
      select (substr(u.email, 14, strpos(u.email, '@') - 14)::int) % ${plan.companies.length} as k,
        (substr(u.email, 14, strpos(u.email, '@') - 14)::int) / ${plan.companies.length} as j,
        u.id as user_id, u.identifier as indicativ
      from users u where u.email like 'bench-driver-%'`);
    await run(`alter table bench_seed_drivers add primary key (k, j)`);
    await run(`insert into company_users (company_id, user_id)
      select (${companyIds})[d.k + 1], d.user_id from bench_seed_drivers d`);
    await run(`insert into cars (company_id, driver_id, indicativ, make, model, color, number)
      select (${companyIds})[d.k + 1], d.user_id, d.indicativ,
        (array['Dacia','Skoda','Toyota','Renault'])[1 + d.j % 4],
        (array['Logan','Octavia','Corolla','Megane'])[1 + d.j % 4],
        (array['Alb','Negru','Galben','Gri'])[1 + d.j % 4],
        'IS-' || lpad((d.j % 100)::text, 2, '0') || '-' || d.indicativ
      from bench_seed_drivers d`);
  });

  await step(`${clients * plan.companies.length} clients`, async () => {
    await run(`insert into clients (company_id, phone, name)
      select (${companyIds})[k + 1], '+4074' || lpad((k * ${int(clients)} + j)::text, 7, '0'),
        'Client ' || (k * ${int(clients)} + j)
      from generate_series(0, ${int(plan.companies.length - 1)}) k,
        generate_series(0, ${int(clients - 1)}) j`);
    await run(`create table bench_seed_clients as
      select (${companyIds})[k + 1] as company_id, k,
        (substr(c.phone, 6)::int - k * ${int(clients)}) as j, c.id as client_id, c.phone, c.name
      from clients c
      join generate_series(0, ${int(plan.companies.length - 1)}) k
        on c.company_id = (${companyIds})[k + 1]`);
    await run(`alter table bench_seed_clients add primary key (k, j)`);
  });

  const now = `(now() at time zone 'utc')`;
  const span = plan.days * 86_400;
  const n = plan.orders;
  const chunkSql = (lo: number, hi: number) => `
    with base as (
      select g,
        bench_rand(g, 1) r1, bench_rand(g, 2) r2, bench_rand(g, 3) r3, bench_rand(g, 4) r4,
        bench_rand(g, 5) r5, bench_rand(g, 6) r6, bench_rand(g, 7) r7, bench_rand(g, 8) r8,
        bench_rand(g, 9) r9, bench_rand(g, 10) r10, bench_rand(g, 11) r11, bench_rand(g, 12) r12,
        ${now} - make_interval(secs => (${int(n)} - g)::float8 * ${int(span)} / ${int(n)}
          + bench_rand(g, 13) * 60) as created_at
      from generate_series(${int(lo)}, ${int(hi)}) g
    ), aged as (
      select b.*, ${companyCase(plan.companies, 'b.r1')} as k,
        extract(epoch from (${now} - b.created_at)) / 60 as age_min
      from base b
    ), stated as (
      -- Live orders only in the last hours (about 460 orders/hour over 5 companies); older ones
      -- are closed: ~84% finished, ~16% canceled, a few abandoned drafts (new).
      select a.*, case
          when a.age_min < 15 then
            case when a.r2 < 0.35 then 'created' when a.r2 < 0.45 then 'pending' else 'assigned' end
          when a.age_min < 60 and a.r2 < 0.5 then 'assigned'
          when a.age_min < 180 and a.r2 < 0.1 then 'assigned'
          when a.r4 < 0.84 then 'finished'
          when a.r4 < 0.997 then 'canceled'
          else 'new'
        end as state
      from aged a
    )
    insert into orders (created_at, updated_at, start_at, assigned_at, trip_started_at,
      trip_finished_at, closed_at, state, trip_state, departure_time, phone, client_name, client_id,
      dispatcher_id, search_company_ids, payment_type, source, cost, discounted_cost,
      driver_payment, is_paid, driver_id, car_indicativ, always_in_call, created_by_company_id,
      processed_by_company_id, cancellation_reason_type, cancelled_by_identifier, address)
    select s.created_at, s.created_at, case when s.state <> 'new' then s.created_at end,
      case when d.user_id is not null then s.created_at + interval '1 minute' end,
      case when s.state = 'finished' then s.created_at + interval '6 minutes' end,
      case when s.state = 'finished'
        then least(${now}, s.created_at + make_interval(mins => 10 + (s.r5 * 30)::int)) end,
      case when s.state = 'finished'
          then least(${now}, s.created_at + make_interval(mins => 10 + (s.r5 * 30)::int))
        when s.state = 'canceled'
          then least(${now}, s.created_at + make_interval(mins => 1 + (s.r5 * 9)::int)) end,
      s.state,
      case when s.state = 'assigned' then 'waiting_driver' end,
      s.created_at, c.phone, c.name, c.client_id, x.user_id,
      array[(${companyIds})[s.k + 1]],
      case when s.r9 < 0.8 then 'cash' else 'card' end, 'from_call',
      case when s.state = 'finished' then 1500 + (s.r12 * 4500)::int end,
      case when s.state = 'finished' then 1500 + (s.r12 * 4500)::int end,
      case when s.state = 'finished' then 150 + (s.r12 * 450)::int end,
      s.state = 'finished' and s.r9 < 0.9,
      d.user_id, d.indicativ,
      (s.state = 'created' and s.r9 < 0.3) or s.r9 > 0.9998,
      (${companyIds})[s.k + 1], (${companyIds})[s.k + 1],
      case when s.state = 'canceled' then
        (array['client_canceled','dispatcher_canceled','no_drivers_found'])[1 + (s.r5 * 3)::int % 3] end,
      case when s.state = 'canceled' then 'dispecer' end,
      ${sqlArray(STREET_TYPES)}[1 + (s.r10 * ${STREET_TYPES.length})::int % ${STREET_TYPES.length}]
        || ' ' || ${sqlArray(STREET_NAMES)}[1 + (s.r11 * ${STREET_NAMES.length})::int % ${STREET_NAMES.length}]
        || ' ' || (1 + (s.r3 * 150)::int)
    from stated s
    join bench_seed_clients c on c.k = s.k and c.j = (s.r8 * ${int(clients)})::int % ${int(clients)}
    join bench_seed_dispatchers x on x.k = s.k
      and x.j = (s.r7 * ${int(dispatchers)})::int % ${int(dispatchers)}
    left join bench_seed_drivers d on d.k = s.k
      and d.j = (s.r6 * ${int(drivers)})::int % ${int(drivers)}
      -- A driver holds one active order at most (orders_driver_active_idx): the
      -- seed's live assigned orders name none, its finished and canceled ones do.
      and (s.state = 'finished' or (s.state = 'canceled' and s.r6 < 0.3))
    order by s.g`;

  for (let lo = 1; lo <= n; lo += plan.chunk) {
    const hi = Math.min(n, lo + plan.chunk - 1);
    await step(`orders ${lo}-${hi} with places`, async () => {
      await run(chunkSql(lo, hi));
      await run(`insert into order_places (order_id, position, name, lat, long)
        select o.id, 0, o.address, 47.10 + bench_rand(o.id, 20) * 0.12,
          27.50 + bench_rand(o.id, 21) * 0.18
        from orders o
        where o.id > (select coalesce(max(p.order_id), 0) from order_places p)`);
    });
  }

  await step('cleanup + vacuum analyze + checkpoint', async () => {
    await run(`drop table bench_seed_dispatchers, bench_seed_drivers, bench_seed_clients`);
    await run(`drop function bench_rand(bigint, int)`);
    for (const table of ['orders', 'order_places', 'clients', 'users', 'cars', 'company_users']) {
      await run(`vacuum analyze ${table}`);
    }
    // The bulk load leaves ~1 GB of WAL behind: without a checkpoint here, PostgreSQL spends the
    // measured rounds writing the seed's pages out (a spread checkpoint of ~150 s) and every
    // first change of a page after it logs the whole page. A running system has no such load.
    await run('checkpoint');
  });

  const states = await query<{ state: string; n: number | string }>(
    `select state, count(*) as n from orders group by state order by state`,
  );
  const [flag] = await query<{ n: number | string }>(
    `select count(*) as n from orders where always_in_call`,
  );
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    byState: Object.fromEntries(states.map((row) => [row.state, Number(row.n)])),
    alwaysInCall: Number(flag?.n ?? 0),
    steps,
  };
}
