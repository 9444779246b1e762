// Seeding script: writes the process module's tables directly (see index.ts for why).
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIMEZONE,
  deactivate,
  type HeaderSourceField,
  headerFromValues,
  initialState,
  markSaved,
  processFieldOf,
  sign,
} from '@app/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { hashOfStep, journal, nextNumero, saveEngineState } from '../process/index.ts';
import { process, signature } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape, metrique, processModele } from '../workflow/workflow.tables.ts';

const SIGNATURE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The day (YYYY-MM-DD, Europe/Paris) `offset` days after the day of `now`: the demo's processes « of the day » are
 * dated from the day the demo is seeded, so that the home has lockouts and permits of today on first start.
 */
export function demoDay(offset: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE }).format(now);
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** A process's window given as its fields are filled: a day and a time for its start and for its end (Europe/Paris). */
export interface DemoWindow {
  du: string;
  de: string;
  au: string;
  a: string;
}

/** What a process dated by its fields (`fenetre`) has in them beyond the samples. */
interface DemoFill {
  fenetre: DemoWindow;
  personne?: { id: number; libelle: string };
  entreprise?: { id: number; libelle: string };
}

/** A field's value for a process dated by its fields: its window's days and times, its people and company. */
function dated(f: typeof metrique.$inferSelect, fill: DemoFill): unknown {
  const end = /fin/i.test(f.nom) || processFieldOf(f as HeaderSourceField) === 'dateFin';
  switch (f.dataType) {
    case 'date':
      return end ? fill.fenetre.au : fill.fenetre.du;
    case 'hour':
      return end ? fill.fenetre.a : fill.fenetre.de;
    case 'employee':
      return fill.personne ?? null;
    case 'company':
      return fill.entreprise ?? null;
    default:
      return undefined;
  }
}

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
  /** The equipment worked on (the lists' Équipement column); none for a request about a person. */
  equipement?: string;
  /** The contractor companies working on it (they see it and sign their steps). */
  prestataireIds?: number[];
  /**
   * Dated by its fields (the demo's processes of the day): its step values give its window, person in charge and
   * contractors, and its header is what the engine's rules (headerFromValues) derive from them; signed now.
   * Without it, the fixed dates of the first demo (24/11/26).
   */
  remplissage?: DemoFill;
  /** Who created it (default: the workflow's creator). */
  createur?: number;
  /** Who signed each signed step, in order (default: the validator). */
  signataires?: number[];
  /** The person in charge, when no field gives it. */
  personneEnCharge?: number;
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
  for (const d of list) {
    const createurId = d.createur ?? users.createur;
    const [createur] = await tx.select().from(utilisateur).where(eq(utilisateur.id, createurId));
    const numero = await nextNumero(tx, entrepriseId);
    let state = initialState(steps.map((s) => ({ etapeId: s.id, ordre: s.ordre })));
    const values: Record<string, unknown> = {};
    for (const s of steps.slice(0, d.signes + 1)) {
      for (const f of fields.filter((x) => x.etapeId === s.id)) {
        const filled = d.remplissage ? dated(f, d.remplissage) : undefined;
        const v = filled !== undefined ? filled : sample(f.dataType, f.nom, (f.propertyValues as { options?: { id: string }[] }).options);
        if (v !== null && !f.conditions?.toString().includes('show')) values[String(f.id)] = v;
        // The equipment field feeds the header (processField): both name the same equipment.
        if (f.dataType === 'equipment' && d.equipement) values[String(f.id)] = { id: 1, libelle: d.equipement };
      }
    }
    // A process dated by its fields has the header its fields give (as saving its steps would set it).
    const header = d.remplissage ? headerFromValues(fields as HeaderSourceField[], values) : null;
    const signedAt = (d.remplissage ? new Date() : new Date('2026-11-24T09:00:00Z')).toISOString();
    const signer = (i: number) => d.signataires?.[i] ?? users.validateur;
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
        dateDebut: header?.dateDebut ? new Date(header.dateDebut) : new Date('2026-11-24T07:30:00Z'),
        dateFin: header?.dateFin ? new Date(header.dateFin) : new Date('2026-11-24T16:00:00Z'),
        createdById: createurId,
        lastModifyById: createurId,
        modeleLibelle: modele.libelle,
        package: modele.package,
        preparateur: `${createur.prenom} ${createur.nom}`,
        equipement: d.equipement ? { id: 1, libelle: d.equipement } : null,
        prestataireIds: header?.prestataireIds?.length ? header.prestataireIds : (d.prestataireIds ?? []),
        personneEnChargeId: header?.personneEnCharge ?? d.personneEnCharge ?? null,
      })
      .returning();
    await journal(tx, row, createurId, 'creation', null, null, { numero });
    state = markSaved(state);
    for (const [i, s] of steps.slice(0, d.signes).entries()) {
      const ids = fields.filter((f) => f.etapeId === s.id).map((f) => f.id);
      const hash = hashOfStep(s.id, ids, values);
      for (const f of fields.filter((x) => x.etapeId === s.id && x.dataType === 'signature')) {
        await tx.insert(signature).values({
          entrepriseId,
          processId: row.id,
          etapeId: s.id,
          metriqueId: f.id,
          utilisateurId: signer(i),
          image: SIGNATURE_PNG,
          hash,
        });
      }
      state = sign(state, signedAt);
      await journal(tx, row, signer(i), state.etat === 'termine' ? 'signature-cloture' : 'signature', { id: s.id, ordre: s.ordre }, null, {
        hash,
      });
    }
    if (d.inactif) {
      state = deactivate(state, d.inactif, []);
      await journal(tx, row, createurId, 'desactivation', null, null, { status: d.inactif });
    }
    // The last to act modified it last (the home's « Nouveautés » are changes by someone else); the first demo's
    // processes keep their creator.
    const last = d.remplissage && d.signes > 0 && !d.inactif ? signer(d.signes - 1) : createurId;
    await saveEngineState(tx, row, state, last);
  }
}

/**
 * The demo's processes name their equipment before the registry exists (a placeholder id and the name): once it does,
 * each points at the registry's equipment of that name, or at none (id 0: a name kept as written, like a value saved
 * before the registry). Without this, every demo process would sit on equipment n° 1, the site's root, and the
 * conflict finder would see them all on one subtree.
 */
export async function pointDemoProcessesAtRegistry(tx: Tx, entrepriseId: number): Promise<void> {
  await tx.execute(sql`
    update process p
       set equipement = jsonb_build_object(
             'id', coalesce((select min(e.id) from equipement e
                              where e.entreprise_id = p.entreprise_id and e.name = p.equipement ->> 'libelle' and e.deleted_at is null), 0),
             'libelle', p.equipement ->> 'libelle')
     where p.entreprise_id = ${entrepriseId} and p.equipement ->> 'id' = '1'
       and not exists (select 1 from equipement r where r.id = 1 and r.entreprise_id = p.entreprise_id and r.name = p.equipement ->> 'libelle')`);
}
