// `npm run seed:demo`: creates the demo companies and accounts on the configured database if it has none.
import { seedDemoIfEmpty } from '../../modules/demo/seed-demo.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from './engine.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const seeded = await seedDemoIfEmpty(database.db);
  console.log(
    seeded ? 'Données de démonstration créées (mot de passe : Demo-2026!).' : 'La base contient déjà des entreprises : rien à faire.',
  );
} finally {
  await database.close();
}
