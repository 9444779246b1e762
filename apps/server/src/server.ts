import type { FastifyInstance } from 'fastify';
import { accueilModule } from './modules/accueil/index.ts';
import { authModule } from './modules/auth/index.ts';
import { coactiviteModule } from './modules/coactivite/index.ts';
import { consignationModule } from './modules/consignation/index.ts';
import { seedDemoIfEmpty } from './modules/demo/index.ts';
import { entrepriseModule, listEntrepriseIds } from './modules/entreprise/index.ts';
import { entrepriseGroupeModule } from './modules/entreprise-groupe/index.ts';
import { entrepriseSettingModule } from './modules/entreprise-setting/index.ts';
import { equipementModule } from './modules/equipement/index.ts';
import { formationModule } from './modules/formation/index.ts';
import { gammeModule } from './modules/gamme/index.ts';
import { habilitationModule } from './modules/habilitation/index.ts';
import { healthModule } from './modules/health/index.ts';
import { localisationModule } from './modules/localisation/index.ts';
import { permisModule } from './modules/permis/index.ts';
import { permissionModule, rightsOf, seedCompanyMenu } from './modules/permission/index.ts';
import { processModule } from './modules/process/index.ts';
import { profilModule } from './modules/profil/index.ts';
import { qcmModule } from './modules/qcm/index.ts';
import { risqueModule } from './modules/risque/index.ts';
import { serviceModeleModule } from './modules/service-modele/index.ts';
import { supportModule } from './modules/support/index.ts';
import { tableauModule } from './modules/tableau/index.ts';
import { utilisateurModule } from './modules/utilisateur/index.ts';
import { workflowModule } from './modules/workflow/index.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db/engine.ts';
import { startHousekeeping } from './platform/db/housekeeping.ts';
import { withSystem } from './platform/db/tenant.ts';
import { buildHttp, readTls } from './platform/http/app.ts';
import type { ReferenceCheckers } from './platform/http/references.ts';
import type { Deps, RouteDef } from './platform/http/route.ts';
import { createMailer } from './platform/mail/outbox.ts';
import type { ServerModule } from './platform/module.ts';
import { RealtimeBus } from './platform/realtime/bus.ts';

/** The modules of the product, once: a new module adds its `<module>Module` here (docs/ADDING-A-MODULE.md). */
const MODULES: ServerModule[] = [
  healthModule,
  authModule,
  entrepriseModule,
  entrepriseSettingModule,
  entrepriseGroupeModule,
  profilModule,
  permissionModule,
  serviceModeleModule,
  utilisateurModule,
  workflowModule,
  processModule,
  tableauModule,
  supportModule,
  accueilModule,
  equipementModule,
  localisationModule,
  risqueModule,
  gammeModule,
  habilitationModule,
  consignationModule,
  qcmModule,
  formationModule,
  permisModule,
  coactiviteModule,
];

/** Every route of the product; a test checks it covers every endpoint of the contracts exactly once. */
export const ROUTES: RouteDef[] = MODULES.flatMap((m) => m.routes);

/**
 * Checkers of the rows an input may reference, each from the module owning the table (bind.ts runs them before the
 * handler, for the fields marked ref() in the contracts; a test checks every such kind has one).
 */
export const REFERENCES: ReferenceCheckers = Object.assign({}, ...MODULES.map((m) => m.references ?? {}));

/** Companies created before menus existed get the default menu (idempotent, at start). */
async function backfillMenus(database: Database) {
  await withSystem(database.db, 'menu backfill at start', async (tx) => {
    for (const id of await listEntrepriseIds(tx)) await seedCompanyMenu(tx, id);
  });
}

export interface Server {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Opens the database (migrating it), seeds demo data when asked, and builds the HTTP server. */
export async function createServer(overrides: Partial<Config> = {}): Promise<Server> {
  const config = { ...loadConfig(), ...overrides };
  // The certificate first: a wrong path stops the start before the database is opened and migrated.
  const tls = readTls(config.tls);
  const database = await openDatabase(config);
  let app: FastifyInstance | null = null;
  try {
    const log = {
      info: (o: object, m: string) => app?.log.info(o, m),
      error: (o: unknown, m: string) => app?.log.error(o, m),
    };
    const mailer = createMailer(database.db, config.smtpUrl, log);
    const realtime = new RealtimeBus();
    await realtime.start(database);
    const deps: Deps = { database, config, mailer, realtime, rights: rightsOf, references: REFERENCES };
    app = await buildHttp(deps, ROUTES, tls);
    await backfillMenus(database);
    if (config.demoSeed) {
      const seeded = await seedDemoIfEmpty(database.db, { filesDir: config.filesDir });
      if (seeded) app.log.info('Données de démonstration créées (mot de passe des comptes : Demo-2026!)');
    }
    mailer.start();
    const stopHousekeeping = startHousekeeping(
      database.db,
      app.log,
      MODULES.flatMap((m) => m.housekeeping ?? []),
      { mailer },
    );
    const built = app;
    return {
      app: built,
      database,
      config,
      close: async () => {
        stopHousekeeping();
        mailer.stop();
        await realtime.stop();
        await built.close();
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}
