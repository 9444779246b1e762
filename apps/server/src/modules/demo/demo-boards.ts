// Seeding script: writes the tableau module's tables directly (see index.ts for why).
import { and, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { affichage, filtre, tableau } from '../tableau/tableau.tables.ts';
import { metrique } from '../workflow/workflow.tables.ts';

/**
 * The demo board of a company: its lockouts and hot-work permits side by side, with the padlock numbers and the
 * kind of hot work in columns, « En cours » and « Permis de feu » as tabs, and a shared compact display.
 */
export async function createDemoBoard(tx: Tx, entrepriseId: number, consignation: number, permisDeFeu: number): Promise<void> {
  const fields = await tx
    .select({ id: metrique.id, nom: metrique.nom })
    .from(metrique)
    .where(
      and(
        inArray(metrique.processModeleId, [consignation, permisDeFeu]),
        inArray(metrique.nom, ['Numéros des cadenas', 'Nature du point chaud']),
      ),
    );
  const field = (nom: string) => fields.find((f) => f.nom === nom)?.id as number;
  const cadenas = field('Numéros des cadenas');
  const pointChaud = field('Nature du point chaud');
  const [board] = await tx
    .insert(tableau)
    .values({
      entrepriseId,
      nom: 'Travaux du site',
      icon: 'clipboard-list',
      workflows: [consignation, permisDeFeu],
      metriques: [cadenas, pointChaud],
      idx: 0,
    })
    .returning({ id: tableau.id });
  await tx.insert(filtre).values([
    { entrepriseId, tableauId: board.id, nom: 'En cours', criteres: [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }], idx: 0 },
    {
      entrepriseId,
      tableauId: board.id,
      nom: 'Permis de feu',
      criteres: [{ champ: 'processModeleId', operateur: 'equals', valeur: permisDeFeu }],
      idx: 1,
    },
  ]);
  await tx.insert(affichage).values({
    entrepriseId,
    tableauId: board.id,
    nom: 'Essentiel',
    colonnes: [
      { key: 'numero', visible: true },
      { key: 'nomProcess', visible: true },
      { key: 'status', visible: true },
      { key: `metrique:${cadenas}`, visible: true },
      { key: 'dateDebut', visible: true },
      { key: 'workflow', visible: false },
      { key: 'dateFin', visible: false },
      { key: 'preparateur', visible: false },
      { key: `metrique:${pointChaud}`, visible: false },
    ],
    tri: { key: 'dateDebut', order: 'asc' },
    idx: 0,
  });
}
