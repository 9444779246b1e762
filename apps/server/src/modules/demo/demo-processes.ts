// Seeding script: writes the process module's tables directly (see index.ts for why).
import { randomUUID } from 'node:crypto';
import { deactivate, initialState, markSaved, sign } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { hashOfStep, journal, nextNumero, saveEngineState } from '../process/index.ts';
import { process, signature } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape, metrique, processModele } from '../workflow/workflow.tables.ts';

const SIGNATURE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A plausible value for a field kind, for demo data. */
function sample(dataType: string, nom: string, options?: { id: string | number }[]): unknown {
  switch (dataType) {
    case 'text':
      return nom.includes('cadenas') ? 'C-104, C-105' : nom.includes('Organes') ? 'Q4 et Q4-N (TGBT atelier)' : 'Conforme';
    case 'textarea':
      return 'Remplacement du disjoncteur du départ D4 et contrôle des connexions.';
    case 'number':
      return 4;
    case 'date':
      return '2026-11-24';
    case 'hour':
      return /fin/i.test(nom) ? '17:00' : '08:30';
    case 'checkbox':
      return true;
    case 'radio':
    case 'select':
      return options?.[0]?.id ?? null;
    case 'checkbox_options':
      return (options ?? []).slice(0, 3).map((o) => o.id);
    case 'equipment':
      return { id: 1, libelle: 'TGBT atelier — départ D4' };
    case 'employee':
      return { id: 0, libelle: 'Camille Moreau' };
    case 'company':
      return { id: 0, libelle: 'Gamma Services' };
    default:
      return null;
  }
}

interface DemoProcess {
  nom: string;
  /** How many steps are signed. */
  signes: number;
  inactif?: string;
  typeConsignation?: number;
  /** The equipment worked on (the lists' Équipement column). */
  equipement: string;
  /** The contractor companies working on it (they see it and sign their steps). */
  prestataireIds?: number[];
}

/** Creates processes of a demo workflow in the states asked, through the engine's transitions. */
export async function createDemoProcesses(
  tx: Tx,
  entrepriseId: number,
  modeleId: number,
  users: { createur: number; validateur: number },
  list: DemoProcess[],
) {
  const steps = await tx.select().from(etape).where(eq(etape.processModeleId, modeleId)).orderBy(asc(etape.ordre));
  const fields = await tx.select().from(metrique).where(eq(metrique.processModeleId, modeleId)).orderBy(asc(metrique.idx));
  const [modele] = await tx.select().from(processModele).where(eq(processModele.id, modeleId));
  const [createur] = await tx.select().from(utilisateur).where(eq(utilisateur.id, users.createur));
  for (const d of list) {
    const numero = await nextNumero(tx, entrepriseId);
    let state = initialState(steps.map((s) => ({ etapeId: s.id, ordre: s.ordre })));
    const values: Record<string, unknown> = {};
    for (const s of steps.slice(0, d.signes + 1)) {
      for (const f of fields.filter((x) => x.etapeId === s.id)) {
        const v = sample(f.dataType, f.nom, (f.propertyValues as { options?: { id: string }[] }).options);
        if (v !== null && !f.conditions?.toString().includes('show')) values[String(f.id)] = v;
        // The equipment field feeds the header (processField): both name the same equipment.
        if (f.dataType === 'equipment') values[String(f.id)] = { id: 1, libelle: d.equipement };
      }
    }
    const [row] = await tx
      .insert(process)
      .values({
        entrepriseId,
        numero,
        processModeleId: modeleId,
        key: randomUUID(),
        nomProcess: d.nom,
        currentOrdre: state.currentOrdre,
        rawData: values,
        typeConsignation: d.typeConsignation ?? null,
        dateDebut: new Date('2026-11-24T07:30:00Z'),
        dateFin: new Date('2026-11-24T16:00:00Z'),
        createdById: users.createur,
        lastModifyById: users.createur,
        modeleLibelle: modele.libelle,
        package: modele.package,
        preparateur: `${createur.prenom} ${createur.nom}`,
        equipement: { id: 1, libelle: d.equipement },
        prestataireIds: d.prestataireIds ?? [],
      })
      .returning();
    await journal(tx, row, users.createur, 'creation', null, null, { numero });
    state = markSaved(state);
    for (const s of steps.slice(0, d.signes)) {
      const ids = fields.filter((f) => f.etapeId === s.id).map((f) => f.id);
      const hash = hashOfStep(s.id, ids, values);
      for (const f of fields.filter((x) => x.etapeId === s.id && x.dataType === 'signature')) {
        await tx.insert(signature).values({
          entrepriseId,
          processId: row.id,
          etapeId: s.id,
          metriqueId: f.id,
          utilisateurId: users.validateur,
          image: SIGNATURE_PNG,
          hash,
        });
      }
      state = sign(state, new Date('2026-11-24T09:00:00Z').toISOString());
      await journal(
        tx,
        row,
        users.validateur,
        state.etat === 'termine' ? 'signature-cloture' : 'signature',
        { id: s.id, ordre: s.ordre },
        null,
        { hash },
      );
    }
    if (d.inactif) {
      state = deactivate(state, d.inactif, []);
      await journal(tx, row, users.createur, 'desactivation', null, null, { status: d.inactif });
    }
    await saveEngineState(tx, row, state, users.createur);
  }
}
