import type { LogicielCodeValue, ProfilModele } from '@app/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { logiciel } from '../entreprise/entreprise.tables.ts';
import { profilModele, profilModeleLogiciel } from './profil.tables.ts';

type Row = typeof profilModele.$inferSelect;
const present = (r: Row): ProfilModele => ({ ...r, code: r.code as ProfilModele['code'], type: r.type as ProfilModele['type'] });

/** The profile models of one type (client, supplier), in their order. */
export async function listProfils(tx: Tx, type: 'client' | 'supplier'): Promise<ProfilModele[]> {
  const rows = await tx.select().from(profilModele).where(eq(profilModele.type, type)).orderBy(asc(profilModele.idx));
  return rows.map(present);
}

/** Which software each profile model opens. */
export async function listProfilLogiciels(tx: Tx) {
  const rows = await tx
    .select({
      id: profilModeleLogiciel.id,
      profilModeleId: profilModeleLogiciel.profilModeleId,
      logicielId: logiciel.id,
      code: logiciel.code,
      libelle: logiciel.libelle,
    })
    .from(profilModeleLogiciel)
    .innerJoin(logiciel, eq(logiciel.id, profilModeleLogiciel.logicielId))
    .orderBy(asc(profilModeleLogiciel.profilModeleId), asc(logiciel.idx));
  return rows.map((r) => ({ ...r, code: r.code as LogicielCodeValue }));
}

export async function getProfil(tx: Tx, id: number): Promise<Row | null> {
  const [p] = await tx.select().from(profilModele).where(eq(profilModele.id, id));
  return p ?? null;
}

/** The profile models of these ids (unknown ids left out), in their order. */
export async function profilsByIds(tx: Tx, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  return tx.select().from(profilModele).where(inArray(profilModele.id, ids)).orderBy(asc(profilModele.idx));
}

/** Of these profile ids, those of the system-wide list of profile models. */
export async function profilsAmong(tx: Tx, ids: number[]) {
  const r = await tx.select({ id: profilModele.id }).from(profilModele).where(inArray(profilModele.id, ids));
  return r.map((x) => x.id);
}
