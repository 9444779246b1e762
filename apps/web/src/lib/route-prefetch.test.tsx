import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, type PrefetchArgs } from './route-prefetch.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const Loading = () => <p>Chargement</p>;
const ProcessScreen = () => <p>Écran du processus</p>;
const Screen = () => <p>Écran</p>;
const Nothing = () => null;

describe('lazyScreen', () => {
  it('starts the prefetch while the screen code loads, and shows the screen without waiting for the prefetch', async () => {
    const queryClient = new QueryClient();
    const code = deferred<{ Component: () => React.ReactElement }>();
    const seen: PrefetchArgs[] = [];
    // The prefetch's requests never end here: the navigation must not wait for them.
    const prefetch = vi.fn((_qc: QueryClient, args: PrefetchArgs) => {
      seen.push(args);
      return new Promise(() => undefined);
    });
    const router = createMemoryRouter(
      [{ path: '/app/processus/:id', HydrateFallback: Loading, ...lazyScreen(queryClient, () => code.promise, prefetch) }],
      { initialEntries: ['/app/processus/42?onglet=journal'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Chargement')).toBeInTheDocument();
    // Called before the screen's module is there.
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0]).toBe(queryClient);
    expect(seen[0]?.params).toEqual({ id: '42' });
    expect(seen[0]?.url.searchParams.get('onglet')).toBe('journal');
    code.resolve({ Component: ProcessScreen });
    expect(await screen.findByText('Écran du processus')).toBeInTheDocument();
  });

  it('runs again for another address, not for a change of the query only; a failing prefetch changes nothing', async () => {
    const prefetch = vi.fn(() => Promise.reject(new Error('réseau')));
    const router = createMemoryRouter(
      [
        {
          path: '/p/:id',
          HydrateFallback: Nothing,
          ...lazyScreen(new QueryClient(), async () => ({ Component: Screen }), prefetch),
        },
      ],
      { initialEntries: ['/p/1'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Écran')).toBeInTheDocument();
    await router.navigate('/p/1?tri=nom');
    expect(prefetch).toHaveBeenCalledTimes(1);
    await router.navigate('/p/2');
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Écran')).toBeInTheDocument();
  });

  it('is a plain lazy route without a prefetch', () => {
    const lazy = async () => ({});
    expect(lazyScreen(new QueryClient(), lazy)).toEqual({ lazy });
  });
});
