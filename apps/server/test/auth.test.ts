import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, DEMO, PASSWORD, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const login = (mail: string, password = PASSWORD, extra: object = {}, ip = '10.0.0.1') =>
  t.server.app.inject({ method: 'POST', url: '/login', payload: { mail, password, ...extra }, remoteAddress: ip });

describe('sign-in', () => {
  it('sets an httpOnly SameSite=Lax session cookie, and the session carries every spec field', async () => {
    const r = await login(DEMO.acmeAdmin);
    expect(r.statusCode).toBe(200);
    const c = r.cookies.find((x) => x.name === 'sid');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c?.maxAge).toBeUndefined();
    // Its readable hint, without the token: the web app asks for the session only when it is there.
    expect(r.cookies.find((x) => x.name === 'sid_hint')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(r.cookies.find((x) => x.name === 'sid_hint')?.httpOnly).toBeFalsy();
    const s = await t.server.app.inject({ method: 'GET', url: '/api/getConnectedUser', headers: { cookie: `sid=${c?.value}` } });
    const body = s.json();
    for (const f of [
      'idUser',
      'idCompany',
      'eu',
      'companyName',
      'codeLogiciel',
      'role',
      'profil',
      'profils',
      'menuItems',
      'menuItemsEE',
      'settings',
      'languageCode',
      'isSupperAdmin',
      'moNumMax',
      'authTypes',
      'signature',
      'mail',
      'lastName',
      'firstName',
    ]) {
      expect(body, f).toHaveProperty(f);
    }
    expect(body).toMatchObject({
      companyName: 'Acme Énergie',
      role: 'admin',
      profil: { libelle: 'Admin' },
      isSupperAdmin: false,
      lastName: 'Durand',
      firstName: 'Alice',
    });
    expect(body.menuItems.map((m: { slug: string }) => m.slug)).toEqual([
      'accueil',
      'processus',
      // The lists of every software (the web shows those of the active one).
      'mes-consignations',
      'permis',
      'mon-pdp',
      'mes-ouvrages',
      'mes-releves',
      'ma-maintenance',
      'stocks',
      'mes-habilitations',
      'tableaux',
      // The registry (ticket 13).
      'equipements',
      'localisations',
      'risques',
      'gammes',
      'manoeuvres',
      'saisie-releves',
      // Habilitations (ticket 14).
      'titres-habilitation',
      'evaluations',
      'formations',
      'visites-medicales',
      // Lockouts and permits (ticket 15).
      'registre-consignations',
      'administration',
      'utilisateurs',
      'services',
      'habilitations',
      'qcm',
      'workflows',
      'parametres',
      'codes-registre',
      'incompatibilites',
      'parametres-permis',
      'permissions',
      'menu',
      'profils',
    ]);
  });

  it('keeps a "Se souvenir de moi" session for 30 days', async () => {
    const r = await login(DEMO.acmeResponsable, PASSWORD, { rememberMe: true });
    expect(r.cookies.find((x) => x.name === 'sid')?.maxAge).toBe(30 * 24 * 3600);
    expect(r.cookies.find((x) => x.name === 'sid_hint')?.maxAge).toBe(30 * 24 * 3600);
    const check = await t.server.app.inject({
      method: 'POST',
      url: '/api/auth/check_remember_me',
      headers: { cookie: `sid=${r.cookies[0].value}` },
    });
    expect(check.json().rememberMe).toBe(true);
  });

  it.each([
    ['wrong password', DEMO.acmeAdmin, 'mauvais', 401, 'Identifiant ou mot de passe incorrect.'],
    ['unknown account', 'personne@nulle.part', PASSWORD, 401, 'Identifiant ou mot de passe incorrect.'],
  ])('refuses a %s with the catalogue message', async (_l, mail, password, status, message) => {
    const r = await login(mail, password, {}, '10.0.0.2');
    expect(r.statusCode).toBe(status);
    expect(r.json().message).toBe(message);
    expect(r.cookies).toHaveLength(0);
  });

  it('answers 429 after five failures on one account, whatever the address', async () => {
    for (let i = 0; i < 5; i++) expect((await login(DEMO.gammaUser, 'faux', {}, `10.1.0.${i}`)).statusCode).toBe(401);
    const r = await login(DEMO.gammaUser, PASSWORD, {}, '10.1.0.99');
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toMatch(/Trop de tentatives/);
  });

  it('answers 429 after thirty failures from one address', async () => {
    for (let i = 0; i < 30; i++) await login(`inconnu${i}@x.fr`, 'faux', {}, '10.2.0.1');
    expect((await login(DEMO.betaAdmin, PASSWORD, {}, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(DEMO.betaAdmin, PASSWORD, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses the users of a locked company and signs them out, then lets them back after unlock', async () => {
    const tech = await t.cookieOf('acmeTechnicien');
    await t.req('superadmin', 'POST', '/api/otp/master');
    const code = codeIn(await t.lastMessage(DEMO.superadmin));
    const lock = await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.acme}`, { locked: true, code });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().locked).toBe(true);
    const r = await login(DEMO.acmeAdmin, PASSWORD, {}, '10.3.0.1');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Votre entreprise est verrouillée. Contactez votre administrateur.');
    const s = await t.server.app.inject({ method: 'GET', url: '/api/getConnectedUser', headers: { cookie: tech } });
    expect(s.statusCode).toBe(401);
    t.forget('acmeTechnicien');
    // The code is single use.
    expect((await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.acme}`, { locked: false, code })).statusCode).toBe(400);
    await t.req('superadmin', 'POST', '/api/otp/master');
    const unlock = await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.acme}`, {
      locked: false,
      code: codeIn(await t.lastMessage(DEMO.superadmin)),
    });
    expect(unlock.json().locked).toBe(false);
    expect((await login(DEMO.acmeAdmin, PASSWORD, {}, '10.3.0.1')).statusCode).toBe(200);
  });

  it('counts wrong one-time codes and retires the code after five', async () => {
    await t.req('superadmin', 'POST', '/api/otp/master');
    const good = codeIn(await t.lastMessage(DEMO.superadmin));
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.beta}`, { locked: true, code: wrong });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/Code incorrect/);
    }
    expect((await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.beta}`, { locked: true, code: wrong })).statusCode).toBe(
      429,
    );
    const r = await t.req('superadmin', 'PUT', `/api/entreprise/lock_unlock/${t.ids.beta}`, { locked: true, code: good });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/nouveau code/);
  });

  it('refuses a disabled account', async () => {
    const id = t.ids.user.gammaUser;
    void id;
    const created = await t.req('acmeAdmin', 'POST', '/api/v2/utilisateur/create', {
      nom: 'Off',
      prenom: 'Line',
      mail: 'off.line@acme.test',
      profilId: 6,
    });
    const token = (await t.lastMessage('off.line@acme.test'))?.match(/token=([\w-]+)/)?.[1];
    expect((await t.req(null, 'POST', '/api/auth/validate_user', { token, password: 'Motdepasse-123' })).statusCode).toBe(200);
    expect((await login('off.line@acme.test', 'Motdepasse-123', {}, '10.4.0.1')).statusCode).toBe(200);
    await t.req('acmeAdmin', 'DELETE', `/api/utilisateur/${created.json().id}/active`);
    const r = await login('off.line@acme.test', 'Motdepasse-123', {}, '10.4.0.1');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Votre compte est désactivé.');
    // An invitation link works once.
    expect((await t.req(null, 'POST', '/api/auth/validate_user', { token, password: 'Motdepasse-456' })).statusCode).toBe(400);
  });

  it('asks users with isMfa for a 6-digit code before anything else', async () => {
    await t.req('acmeAdmin', 'PUT', '/api/v2/utilisateur/update', { id: t.ids.user.acmeResponsable, isMfa: true });
    const r = await login(DEMO.acmeResponsable, PASSWORD, {}, '10.5.0.1');
    expect(r.json()).toMatchObject({ mfaRequired: true });
    const cookie = `sid=${r.cookies[0].value}`;
    const get = (url: string) => t.server.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/getConnectedUser')).json().code).toBe('MFA_REQUIRED');
    expect((await get('/api/auth/send_code')).statusCode).toBe(200);
    const code = codeIn(await t.lastMessage(DEMO.acmeResponsable));
    const ok = await t.server.app.inject({ method: 'POST', url: '/api/auth/validate_code', headers: { cookie }, payload: { code } });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/getConnectedUser')).statusCode).toBe(200);
    await t.req('acmeAdmin', 'PUT', '/api/v2/utilisateur/update', { id: t.ids.user.acmeResponsable, isMfa: false });
  });

  it('signs out: the cookie no longer opens a session', async () => {
    const r = await login(DEMO.betaAdmin, PASSWORD, {}, '10.6.0.1');
    const cookie = `sid=${r.cookies[0].value}`;
    const out = await t.server.app.inject({ method: 'GET', url: '/api/auth/clear_cookie', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    // Both cookies are cleared (expired now).
    for (const name of ['sid', 'sid_hint']) expect(out.cookies.find((x) => x.name === name)?.value).toBe('');
    expect((await t.server.app.inject({ method: 'GET', url: '/api/getConnectedUser', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('software switch and cross-site protection', () => {
  it('remembers the last screen per software code', async () => {
    const s = (await t.req('acmeResponsable', 'GET', '/api/getConnectedUser')).json();
    const [mc, permis] = s.logiciels;
    await t.req('acmeResponsable', 'POST', '/api/auth/change_logicicel', { logicielId: mc.id });
    const processId = (await t.req('acmeAdmin', 'GET', '/api/process/get_by_paging?perPage=1')).json().items[0].id as number;
    // The last process must be one of the company's (a reference, checked).
    const stranger = await t.req('acmeResponsable', 'POST', '/api/auth/change_logicicel', {
      logicielId: permis.id,
      lastProcessId: 999_999,
    });
    expect(stranger.statusCode).toBe(400);
    const toPermis = await t.req('acmeResponsable', 'POST', '/api/auth/change_logicicel', {
      logicielId: permis.id,
      lastScreen: '/app/consignations',
      lastProcessId: processId,
    });
    expect(toPermis.json()).toMatchObject({ codeLogiciel: 'permis', lastScreen: null });
    const back = await t.req('acmeResponsable', 'POST', '/api/auth/change_logicicel', { logicielId: mc.id, lastScreen: '/app/permis' });
    expect(back.json()).toEqual({ codeLogiciel: 'mc', lastScreen: '/app/consignations', lastProcessId: processId });
    expect((await t.req('acmeResponsable', 'GET', '/api/getConnectedUser')).json().codeLogiciel).toBe('mc');
    const beta = await t.req('betaAdmin', 'POST', '/api/auth/change_logicicel', { logicielId: 9 });
    expect(beta.statusCode).toBe(400);
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const cookie = await t.cookieOf('acmeAdmin');
    const body = { libelle: 'Piège' };
    const evil = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      headers: { cookie, origin: 'https://evil.example' },
      payload: body,
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('CSRF');
    const site = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(site.statusCode).toBe(403);
    const same = await t.server.app.inject({
      method: 'POST',
      url: '/api/v2/service_modele/create',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: body,
    });
    expect(same.statusCode).toBe(200);
  });
});
