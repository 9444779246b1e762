// `npm run seed:demo`: creates the demo companies and accounts on the configured database if it has none.
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/engine.ts';
import { seedDemoIfEmpty } from './seed-demo.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const seeded = await seedDemoIfEmpty(database.db, { filesDir: config.filesDir });
  console.log(
    seeded ? 'Données de démonstration créées (mot de passe : Demo-2026!).' : 'La base contient déjà des entreprises : rien à faire.',
  );
} finally {
  await database.close();
}
