import type { Critere } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like.ts';
import { AppError } from '../../platform/http/errors.ts';
import { process } from '../process/process.tables.ts';

const bad = (c: Critere, why: string) =>
  new AppError('VALIDATION', `Critère « ${c.champ} » invalide : ${why}.`, [{ champ: 'criteres', message: why }]);
const asList = (v: unknown) => (Array.isArray(v) ? v : [v]);

function dateOf(c: Critere, v: unknown): Date {
  const d = new Date(String(v));
  if (typeof v !== 'string' || Number.isNaN(d.getTime())) throw bad(c, 'date attendue');
  return d;
}
function numberOf(c: Critere, v: unknown): number {
  const n = Number(v);
  if (v === null || v === '' || !Number.isFinite(n)) throw bad(c, 'nombre attendu');
  return n;
}

/** A value compared as text: a non-empty string that is not a number. */
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && !Number.isFinite(Number(v));

/** One criterion as a SQL condition on the process table (values always bound as parameters). */
export function critereSql(c: Critere): SQL {
  const { operateur: op, valeur: v } = c;
  if (c.champ.startsWith('metrique:')) {
    const id = c.champ.slice('metrique:'.length);
    const json = sql`${process.rawData} -> ${id}`;
    const text = sql`${process.rawData} ->> ${id}`;
    switch (op) {
      case 'empty':
        return sql`(${json} is null or ${json} = 'null'::jsonb or ${json} = '""'::jsonb or ${json} = '[]'::jsonb)`;
      case 'not_empty':
        return sql`not (${json} is null or ${json} = 'null'::jsonb or ${json} = '""'::jsonb or ${json} = '[]'::jsonb)`;
      case 'equals':
        return sql`(${text} = ${String(v)} or ${json} = ${JSON.stringify([v])}::jsonb)`;
      case 'not_equals':
        return sql`not coalesce(${text} = ${String(v)} or ${json} = ${JSON.stringify([v])}::jsonb, false)`;
      case 'in':
        return sql`${text} in (${sql.join(
          asList(v).map((x) => sql`${String(x)}`),
          sql`, `,
        )})`;
      case 'contains':
        return sql`(${json} @> ${JSON.stringify([v])}::jsonb or ${text} ilike ${containsPattern(String(v))})`;
      // A number against numbers; a text (a date yyyy-MM-dd, an hour HH:mm) against the stored text, in its order.
      case 'gt':
        return isText(v)
          ? sql`${text} > ${v}`
          : sql`(case when ${text} ~ '^-?[0-9.]+$' then (${text})::numeric > ${numberOf(c, v)} else ${text} > ${String(v)} end)`;
      case 'lt':
        return isText(v)
          ? sql`${text} < ${v}`
          : sql`(case when ${text} ~ '^-?[0-9.]+$' then (${text})::numeric < ${numberOf(c, v)} else ${text} < ${String(v)} end)`;
      case 'between': {
        const [a, b] = asList(v);
        return sql`${text} between ${String(a)} and ${String(b)}`;
      }
    }
  }
  const col = {
    etat: process.etat,
    processModeleId: process.processModeleId,
    dateDebut: process.dateDebut,
    dateFin: process.dateFin,
    createdBy: process.createdById,
    nomProcess: process.nomProcess,
    numero: sql`(${process.numero} / 100)`,
  }[c.champ as 'etat'];
  if (!col) throw bad(c, 'champ inconnu');
  const isDate = c.champ === 'dateDebut' || c.champ === 'dateFin';
  const isNum = c.champ === 'processModeleId' || c.champ === 'createdBy' || c.champ === 'numero';
  const val = (x: unknown) => (isDate ? dateOf(c, x) : isNum ? numberOf(c, x) : String(x));
  switch (op) {
    case 'empty':
      return sql`${col} is null`;
    case 'not_empty':
      return sql`${col} is not null`;
    case 'equals':
      return sql`${col} = ${val(v)}`;
    case 'not_equals':
      return sql`${col} is distinct from ${val(v)}`;
    case 'in': {
      const list = asList(v).map(val);
      if (!list.length) throw bad(c, 'liste vide');
      return sql`${col} in (${sql.join(
        list.map((x) => sql`${x}`),
        sql`, `,
      )})`;
    }
    case 'contains':
      return sql`${col}::text ilike ${containsPattern(String(v))}`;
    case 'gt':
      return sql`${col} > ${val(v)}`;
    case 'lt':
      return sql`${col} < ${val(v)}`;
    case 'between': {
      const [a, b] = asList(v);
      if (a === undefined || b === undefined) throw bad(c, 'deux bornes attendues');
      return sql`${col} between ${val(a)} and ${val(b)}`;
    }
  }
}
