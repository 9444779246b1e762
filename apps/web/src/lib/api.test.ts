import * as API from '@app/contracts/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, callApi } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response | Error) {
  const fn = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('callApi', () => {
  it('builds the path, the query string and sends JSON with the cookies of the site', async () => {
    const fetchFn = stubFetch(jsonResponse(200, { items: [], total: 0, offset: 0, perPage: 10 }));
    const res = await callApi(API.utilisateur.getByCompany, {
      query: { search: 'dupont', enable: 'true', sort: 'mail', order: 'desc', offset: 0, perPage: 10, serviceId: undefined },
    });
    expect(res.total).toBe(0);
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/utilisateurs/get_by_company?search=dupont&enable=true&sort=mail&order=desc&offset=0&perPage=10');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();

    stubFetch(jsonResponse(200, { message: 'ok' }));
    await callApi(API.utilisateur.deactivate, { params: { userId: 42 } });
    const [url2, init2] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as unknown as [string, RequestInit];
    expect(url2).toBe('/api/utilisateur/42/active');
    expect(init2.method).toBe('DELETE');
  });

  it('sends a JSON body', async () => {
    const fetchFn = stubFetch(jsonResponse(200, { message: 'ok', mfaRequired: false }));
    await callApi(API.auth.login, { body: { mail: 'a@b.fr', password: 'x', rememberMe: true } });
    const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ mail: 'a@b.fr', password: 'x', rememberMe: true });
  });

  it('maps an error body to ApiError: message first', async () => {
    stubFetch(jsonResponse(403, { code: 'COMPANY_LOCKED', message: 'Votre entreprise est verrouillée.', detail: 'x' }));
    const err = await callApi(API.auth.connectedUser).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'COMPANY_LOCKED', message: 'Votre entreprise est verrouillée.', detail: 'x' });
  });

  it('falls back to detail, then to the status text, then to "Internal server error"', async () => {
    stubFetch(jsonResponse(400, { detail: 'Détail seul' }));
    await expect(callApi(API.auth.connectedUser)).rejects.toMatchObject({ message: 'Détail seul', code: 'HTTP_400' });

    stubFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(callApi(API.auth.connectedUser)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });

    stubFetch(new Response('', { status: 500 }));
    await expect(callApi(API.auth.connectedUser)).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(callApi(API.auth.connectedUser)).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});
