import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadDemoData, openMigratedDatabase } from './boot.ts';
import { isWorker, runPrimary } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DEMO_OWNER_NAME, ensureDemoOwner } from './modules/admin/index.ts';

/** One server process: the only one, or a worker of the primary (cluster.ts), which loaded the demo data. */
const serve = async (config: Config) => {
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  if (config.seedDemo && !isWorker()) {
    const applied = await loadDemoData(config, database);
    if (applied.length > 0) app.log.info({ sets: applied }, 'demo data loaded');
  }
  // Demo data like the demo members: on a live shop only when SEED_DEMO=true says so.
  if (config.seedDemoMembers && config.seedDemo && !config.databaseUrl) {
    const password = await ensureDemoOwner(database.db, config.demoOwnerPassword);
    if (password) {
      console.log(
        `Back office: ${DEMO_OWNER_NAME} is the demo owner, password ${password} (log in at /admin; shown once)`,
      );
    } else {
      console.log(
        `Back office: log in at /admin as ${DEMO_OWNER_NAME} (the password shown at the first start)`,
      );
    }
  }

  // SIGINT/SIGTERM: stop accepting, let in-flight requests finish, then close the database.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, database: database.kind, mode: config.mode },
    `${config.brand} is open`,
  );
};

/** WORKERS above 1: the schema and demo data are brought up to date once, then the workers start. */
const primary = async (config: Config) => {
  const database = await openMigratedDatabase(config);
  try {
    if (config.seedDemo) {
      const applied = await loadDemoData(config, database);
      if (applied.length > 0) console.log(`demo data loaded: ${applied.join(', ')}`);
    }
  } finally {
    await database.close();
  }
  process.exitCode = await runPrimary(config.workers, (message) => console.log(message));
};

const start = async () => {
  const config = loadConfig();
  if (config.workers > 1 && !isWorker()) await primary(config);
  else await serve(config);
};

start().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
