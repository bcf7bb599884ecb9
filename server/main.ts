import type { AddressInfo } from 'node:net';
import { createClient, type RedisClientType } from 'redis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { withDataDirSecrets } from './data-dir-secrets';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open';
import { seedDemoIfEmpty } from './db/seed';
import { serializeError } from './http/log-serializers';
import { selfUrl, startDemoFleet } from './simulator/demo-fleet';
import { startDemoPbx, withDemoPbx } from './simulator/demo-pbx';
import { demoAccountsLine, listenUrl, logDestination } from './startup';

/** The process: configuration, database, optional Redis, the app, graceful shutdown. */
async function main() {
  // No published fallback secret; a random one in DATA_DIR unless SIP_SECRET is set.
  const { config, generated } = withDataDirSecrets(loadConfig());
  const database = await openDatabase(config);
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(database.db) : false;

  let redis: { pub: RedisClientType; sub: RedisClientType } | undefined;
  if (config.REDIS_URL) {
    const pub: RedisClientType = createClient({ url: config.REDIS_URL });
    const sub = pub.duplicate();
    pub.on('error', (error) => console.error('redis error', error));
    sub.on('error', (error) => console.error('redis error', error));
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { pub, sub };
  }

  // The project's Kamailio beside the demo (DEMO_PBX), before the app: the softphones' settings
  // and the CSP name the ports it really got.
  const pbx = await startDemoPbx({ config, baseUrl: selfUrl(config.PORT, config.HOST) });

  const app = await buildApp({
    config: withDemoPbx(config, pbx),
    database,
    redis,
    logStream: logDestination(process.stdout.isTTY === true),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // The address it really listens on (PORT=0 picks one); PUBLIC_URL when the operator set it.
  const { port } = app.server.address() as AddressInfo;
  const url = process.env.PUBLIC_URL?.trim() ? config.PUBLIC_URL : listenUrl(port, config.HOST);
  app.log.info(
    {
      url,
      database: database.kind,
      ...(database.workerPriority ? { databaseThread: database.workerPriority } : {}),
      redis: Boolean(redis),
    },
    `OGO Dispatch is running: open ${url}`,
  );
  if (seeded) app.log.info({ url }, demoAccountsLine());
  if (generated)
    app.log.info(
      { file: generated },
      'generated a random SIP secret for the app and its PBX (SIP_SECRET overrides it)',
    );
  if (pbx) app.log[pbx.notice.level](pbx.notice.fields ?? {}, pbx.notice.message);
  // The demo company's simulated drivers move on the map (DEMO_FLEET_DRIVERS).
  const fleet = await startDemoFleet({
    app,
    db: database.db,
    config,
    baseUrl: selfUrl(port, config.HOST),
    logger: app.log,
  }).catch((error: unknown) => {
    app.log.warn({ err: error }, 'the demo fleet did not start');
    return undefined;
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      // Its drivers go offline while the server still answers them.
      await fleet?.stop();
      await app.close();
      await pbx?.stop();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    // Through the log serializer: a failed seed or migration must not print SQL parameters.
    console.error('OGO Dispatch failed to start:', serializeError(error));
  }
  process.exit(1);
});
