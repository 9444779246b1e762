import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRoutes } from '../../build/screen-routes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const routes = screenRoutes(path.join(root, 'src/app/router.tsx'), root);

describe("the screens' modules by route (build/screen-routes.ts, read by the server for modulepreload)", () => {
  it("finds each lazy screen's page, and a prefetch's own module beside it", () => {
    expect(routes['/app']).toEqual(['src/modules/accueil/pages/home-page.tsx']);
    expect(routes['/app/processus/:id']).toEqual(['src/modules/process/pages/process-page.tsx']);
    expect(routes['/app/listes/:variant']).toEqual(['src/modules/liste/pages/liste-page.tsx', 'src/modules/liste/liste.prefetch.ts']);
    expect(routes['/app/tableaux/:id']).toContain('src/modules/tableau/pages/tableau-page.tsx');
    expect(routes['/app/workflows/:id']).toContain('src/modules/workflow/pages/workflow-editor-page.tsx');
    expect(routes['/activation']).toEqual(['src/modules/auth/pages/activation-page.tsx']);
  });

  it('names files that exist, and every lazy route of the router', () => {
    for (const files of Object.values(routes)) for (const f of files) expect(fs.existsSync(path.join(root, f)), f).toBe(true);
    const router = fs.readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8');
    const lazyRoutes = router.match(/lazy: \w+Pages\.\w+|screen\(\w+Pages\.\w+/g) ?? [];
    expect(Object.keys(routes)).toHaveLength(lazyRoutes.length);
  });
});
