import { expect, type Page, test } from '@playwright/test';
import { signInOk } from './helpers.ts';

// Issue 16: the app satisfies a content security policy without 'unsafe-eval'. zod compiles its object parsers with
// `new Function` unless told not to (jitless), and merely probing for it is a violation. The pages get a policy that
// forbids eval here, whatever the server sends, so the check holds on its own.
const POLICY = "script-src 'self'";

async function withStrictPolicy(page: Page): Promise<string[]> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': POLICY } });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) console.push(m.text());
  });
  return console;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('signing in, the home and a list run under a policy without eval, with no violation', async ({ page }) => {
  const console = await withStrictPolicy(page);
  await signInOk(page, 'admin@acme.demo.fr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bonjour');
  expect(await violations(page)).toEqual([]);

  // A screen loaded on first visit, whose schemas arrive with it (and which parses its saved settings with zod).
  await page.goto('/app/listes/MES_CONSIGNATIONS');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(console).toEqual([]);
});
