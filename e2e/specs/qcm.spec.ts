import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { signInOk } from './helpers.ts';

// Ticket 14, QCM: the demo technician takes the demo quiz « Habilitation B1V/B2V » on a phone (390 × 844), one question
// at a time, answers every question, submits after confirming and reads the score and pass/fail; an admin edits a
// question of the bank, and opens the evaluation settings and the trainings with their list of attempts.

const QUIZ = 'Habilitation B1V/B2V';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a technician takes the demo quiz and sees the score and pass/fail', async ({ page }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInOk(page, 'technicien@acme.demo.fr');

    await page.getByRole('button', { name: 'Afficher ou masquer le menu' }).click();
    await nav(page).getByRole('link', { name: 'Évaluations', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/evaluations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Évaluations' })).toBeVisible();
    const card = page.getByRole('article', { name: QUIZ });
    await expect(card).toBeVisible();
    // The demo holds a past attempt of the technician: the new one is added to « Mes évaluations ».
    const mine = page.getByRole('table', { name: 'Mes évaluations' });
    const before = await mine.getByRole('rowheader', { name: QUIZ }).count();
    await expectAccessible(page, '/app/evaluations (phone)');

    await card.getByRole('button', { name: 'Commencer' }).click();
    const start = page.getByRole('dialog', { name: `Commencer « ${QUIZ} »` });
    await expect(start).toBeVisible();
    await start.getByRole('button', { name: 'Commencer' }).click();
    await expect(page).toHaveURL(/\/app\/evaluations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);

    // Every question, one at a time: the first answer of each (all of them on a multiple-answer question, whatever
    // is right: the technician does not know, and the test does not need a pass).
    const progress = page.getByText(/^Question \d+ sur \d+$/);
    await expect(progress).toBeVisible();
    const total = Number(((await progress.textContent()) ?? '').match(/sur (\d+)/)?.[1]);
    expect(total).toBe(20);
    await expectAccessible(page, '/app/evaluations/:id (question, phone)');
    for (let n = 1; n <= total; n++) {
      await expect(page.getByText(`Question ${n} sur ${total}`, { exact: true })).toBeVisible();
      const choices = page.getByRole('radiogroup').or(page.getByRole('main').getByRole('group'));
      const option = choices.getByRole('radio').or(choices.getByRole('checkbox')).first();
      await option.click();
      await expect(option).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('Réponse enregistrée.')).toBeVisible();
      // Large targets for a thumb.
      const box = await option.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await page.getByRole('button', { name: n === total ? 'Récapitulatif' : 'Suivante', exact: true }).click();
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    const review = page.getByRole('list', { name: 'Récapitulatif avant envoi' });
    await expect(review.getByText('Répondu', { exact: true })).toHaveCount(total);
    await expectAccessible(page, '/app/evaluations/:id (review, phone)');
    await page.getByRole('button', { name: 'Terminer et envoyer' }).click();
    const confirm = page.getByRole('dialog', { name: "Envoyer l'évaluation" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Envoyer', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Résultat' })).toBeVisible();
    await expect(page.getByTestId('qcm-score')).toHaveText(/^[\d,]+ \/ [\d,]+ points \([\d,]+ %\)$/);
    await expect(page.getByText(/^(Réussi|Échoué)$/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Correction' })).toBeVisible();
    await expectAccessible(page, '/app/evaluations/:id (result, phone)');

    // The attempt is listed, finished, with its score.
    await page.getByRole('link', { name: 'Retour aux évaluations' }).first().click();
    await expect(mine.getByRole('rowheader', { name: QUIZ })).toHaveCount(before + 1);
    await expect(mine.getByRole('row').nth(1)).toContainText('Soumise');
    expect(errors).toEqual([]);
  });
});

test('an admin edits a question of the bank, and reads the settings, the trainings and the attempts', async ({ page }) => {
  test.setTimeout(300_000);
  await signInOk(page, 'admin@acme.demo.fr');
  await page.goto('/app/qcm');
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires (QCM)' })).toBeVisible();
  const bank = page.getByRole('table', { name: 'Questionnaires (QCM)' });
  await expect(bank.getByRole('rowheader', { name: QUIZ })).toBeVisible();
  await expectAccessible(page, '/app/qcm');

  await bank.getByRole('link', { name: QUIZ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Questions — ${QUIZ}` })).toBeVisible();
  await expectAccessible(page, '/app/qcm/:id');

  await page.getByRole('button', { name: 'Modifier la question 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier la question 1', exact: true });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '/app/qcm/:id: question dialog');
  const text = dialog.getByRole('textbox', { name: /^Question/ });
  const edited = `${(await text.inputValue()).trim()} (révisée)`;
  await text.fill(edited);
  // The right answers are marked in the editor.
  const right = dialog.getByRole('radio', { name: /^Bonne réponse/ }).or(dialog.getByRole('checkbox', { name: /^Bonne réponse/ }));
  await expect(right.first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`1. ${edited}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Ajouter une question' }).click();
  const added = page.getByRole('dialog', { name: 'Nouvelle question' });
  await added.getByRole('textbox', { name: /^Question/ }).fill('La VAT se fait-elle avec un VAT conforme à la NF EN 61243-3 ?');
  await added.getByRole('textbox', { name: 'Réponse 1' }).fill('Oui');
  await added.getByRole('textbox', { name: 'Réponse 2' }).fill('Non');
  await added.getByRole('radio', { name: 'Bonne réponse — Réponse 2' }).check();
  await added.getByRole('radio', { name: 'Bonne réponse — Réponse 1' }).check();
  await added.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(added).toBeHidden();
  await expect(page.getByText(/^\d+\. La VAT se fait-elle avec un VAT conforme/)).toBeVisible();

  // The settings: each scoring method explained.
  await page.getByRole('link', { name: 'Retour aux questionnaires' }).click();
  await page.getByRole('link', { name: 'Paramètres des évaluations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres des évaluations' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Points négatifs/ })).toBeVisible();
  await expectAccessible(page, '/app/parametres-evaluations');

  // The trainings and the attempts.
  await page.goto('/app/formations');
  await expect(page.getByRole('heading', { level: 1, name: 'Formations' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Formations' })).toBeVisible();
  await expectAccessible(page, '/app/formations');
  await page.getByRole('button', { name: 'Nouvelle formation' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle formation' })).toBeVisible();
  await expectAccessible(page, '/app/formations: new training dialog');
  // A list open inside the dialog takes the first Escape.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await page.getByRole('tab', { name: 'Évaluations' }).click();
  await expect(page.getByRole('table', { name: 'Évaluations passées' })).toBeVisible();
  await expectAccessible(page, '/app/formations (attempts)');
});
