import { formatDate, jourDe, joursRestants, seuilAlerte } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import type { Mailer } from '../../../platform/mail/outbox.ts';
import { echeancesProches, recordAlerte } from '../habilitation.repository.ts';

/**
 * Expiry alerts (60, 30 and 7 days before): a holding's recyclage, a title's end, a medical attestation's end. Each
 * (person, record, due date, threshold) is written to the ledger with ON CONFLICT DO NOTHING and mailed through the
 * outbox in the same transaction: a second run, or a run on another instance at the same time (it waits on the
 * unique index, then inserts nothing), sends nothing more. Runs system-wide (housekeeping). Returns the alerts sent.
 */
export async function sendExpiryAlerts(tx: Tx, mailer: Pick<Mailer, 'queue'>, now = new Date()): Promise<number> {
  const jour = jourDe(now);
  let sent = 0;
  for (const e of await echeancesProches(tx, jour)) {
    const jours = joursRestants(e.echeance, jour);
    const seuil = seuilAlerte(jours);
    if (seuil === null) continue;
    if (!(await recordAlerte(tx, e, seuil))) continue;
    await mailer.queue(tx, {
      entrepriseId: e.entrepriseId,
      destinataire: e.mail,
      sujet: `${e.libelle} : échéance le ${formatDate(e.echeance)}`,
      corps:
        `Bonjour ${e.nom},\n\n${e.libelle} arrive à échéance le ${formatDate(e.echeance)} (dans ${jours} jour${jours > 1 ? 's' : ''}). ` +
        "Passé cette date, les étapes qui l'exigent ne pourront plus être signées. Pensez à planifier le recyclage ou la visite.",
    });
    sent++;
  }
  return sent;
}
