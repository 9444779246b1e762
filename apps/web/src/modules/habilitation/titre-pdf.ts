import { formatDate, formatTime } from '@app/contracts';

/** What the printed title shows (built from the API's title by the page; kept apart so that the layout is tested). */
export interface TitrePrint {
  numero: string;
  entreprise: string;
  titulaire: { nom: string; fonction: string | null; service: string | null };
  dateDelivrance: string | null;
  dateRecyclage: string | null;
  lignes: { symbole: string; libelle: string; domaine: string | null; portee: string; recyclage: string | null }[];
  restrictions: string | null;
  observations: string | null;
  formation: string | null;
  employeur: { nom: string; at: string; image: string | null } | null;
  titulaireSignature: { nom: string; at: string; image: string | null } | null;
  revoque: { at: string; motif: string | null } | null;
}

/** The legal basis printed on every title. */
export const MENTION_LEGALE =
  "Titre établi par l'employeur en application des articles R4544-9 à R4544-11 du Code du travail et de la norme NF C18-510 " +
  "(amendements A1 2020 et A2 2023). L'habilitation est la reconnaissance, par l'employeur, de la capacité du titulaire à " +
  "accomplir en sécurité les tâches fixées vis-à-vis du risque électrique ; elle n'est ni un diplôme ni une qualification. " +
  "Elle doit être réexaminée en cas de changement de fonction, d'employeur ou d'installation, après une longue absence ou une " +
  'restriction médicale. Le titulaire doit pouvoir présenter ce titre à tout moment.';

type Node = Record<string, unknown> | string;

const signatureBlock = (title: string, s: TitrePrint['employeur']): Node => ({
  stack: [
    { text: title, bold: true, margin: [0, 0, 0, 4] },
    s
      ? { text: `${s.nom}, le ${formatDate(s.at)} à ${formatTime(s.at)}`, fontSize: 9 }
      : { text: 'Non signé', italics: true, color: '#a61e4d' },
    s?.image ? { image: s.image, fit: [180, 60], margin: [0, 4, 0, 0] } : { text: ' ', margin: [0, 30, 0, 0] },
  ],
});

/** The pdfmake document of a title (A4, Roboto, French text). */
export function titreDocDefinition(t: TitrePrint): Record<string, unknown> {
  const cell = (text: string | null, opts: Record<string, unknown> = {}) => ({ text: text || '—', ...opts });
  return {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 60],
    info: { title: `Titre d'habilitation ${t.numero} — ${t.titulaire.nom}`, subject: "Titre d'habilitation électrique" },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    footer: (page: number, count: number) => ({
      text: `${t.numero} — page ${page}/${count}`,
      alignment: 'right',
      margin: [40, 20],
      fontSize: 8,
    }),
    content: [
      { text: "TITRE D'HABILITATION ÉLECTRIQUE", fontSize: 16, bold: true, alignment: 'center' },
      { text: `N° ${t.numero}`, alignment: 'center', margin: [0, 2, 0, 12] },
      ...(t.revoque
        ? [
            {
              text: `TITRE RÉVOQUÉ le ${formatDate(t.revoque.at)}${t.revoque.motif ? ` : ${t.revoque.motif}` : ''}`,
              color: '#c92a2a',
              bold: true,
              alignment: 'center',
              margin: [0, 0, 0, 10],
            },
          ]
        : []),
      {
        columns: [
          { stack: [{ text: 'Employeur', bold: true }, t.entreprise] },
          {
            stack: [
              { text: 'Titulaire', bold: true },
              t.titulaire.nom,
              ...(t.titulaire.fonction ? [`Fonction : ${t.titulaire.fonction}`] : []),
              ...(t.titulaire.service ? [`Service : ${t.titulaire.service}`] : []),
            ],
          },
        ],
        margin: [0, 0, 0, 10],
      },
      {
        text: `Délivré le ${t.dateDelivrance ? formatDate(t.dateDelivrance) : '—'} · Recyclage avant le ${
          t.dateRecyclage ? formatDate(t.dateRecyclage) : '—'
        }`,
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          widths: [60, '*', 55, '*', 60],
          body: [
            ['Symbole', 'Libellé', 'Domaine', 'Champ d’application', 'Recyclage'].map((h) => ({
              text: h,
              bold: true,
              fillColor: '#eeeeee',
            })),
            ...t.lignes.map((l) => [
              cell(l.symbole, { bold: true }),
              cell(l.libelle),
              cell(l.domaine),
              cell(l.portee),
              cell(l.recyclage ? formatDate(l.recyclage) : null),
            ]),
          ],
        },
        margin: [0, 0, 0, 10],
      },
      { text: 'Restrictions et indications complémentaires', bold: true },
      { text: t.restrictions || 'Aucune', margin: [0, 0, 0, 8] },
      { text: 'Observations', bold: true },
      { text: t.observations || 'Aucune', margin: [0, 0, 0, 8] },
      ...(t.formation
        ? [
            { text: 'Formation et avis après formation', bold: true },
            { text: t.formation, margin: [0, 0, 0, 8] },
          ]
        : []),
      {
        columns: [signatureBlock("L'employeur", t.employeur), signatureBlock('Le titulaire', t.titulaireSignature)],
        margin: [0, 10, 0, 16],
      },
      { text: MENTION_LEGALE, fontSize: 8, italics: true, color: '#444444' },
    ],
  };
}

/** A file name for the download: « titre-habilitation-<numéro>-<nom>.pdf » without accents or spaces. */
export function titreFileName(t: Pick<TitrePrint, 'numero' | 'titulaire'>): string {
  const slug = `${t.numero}-${t.titulaire.nom}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `titre-habilitation-${slug}.pdf`;
}

/** Builds the PDF and downloads it; pdfmake (and its fonts) load only now, on the print action. */
export async function downloadTitrePdf(t: TitrePrint): Promise<void> {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  pdfMake.addVirtualFileSystem(vfs);
  // Nothing in the document is fetched: signatures are data URLs.
  pdfMake.setUrlAccessPolicy?.(() => false);
  await pdfMake.createPdf(titreDocDefinition(t)).download(titreFileName(t));
}
