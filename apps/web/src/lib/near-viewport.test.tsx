import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './near-viewport.ts';

function Part() {
  const [ref, near, reveal] = useNearViewport<HTMLDivElement>();
  return (
    <>
      <button type="button" onFocus={reveal}>
        Avant
      </button>
      <div ref={ref} data-testid="part">
        {near ? 'construite' : 'pas encore'}
      </div>
    </>
  );
}

/** An IntersectionObserver that reports nothing. */
class SilentObserver {
  observe() {}
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport (a part built when scrolled towards, issue 16)', () => {
  it('is false until the element comes near the screen, then stays true and stops observing', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observed: Element[] = [];
    const disconnect = vi.fn();
    const options: IntersectionObserverInit[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void, init: IntersectionObserverInit) {
          report = cb;
          options.push(init);
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {
          disconnect();
        }
      },
    );
    render(<Part />);
    expect(screen.getByTestId('part').textContent).toBe('pas encore');
    expect(observed).toEqual([screen.getByTestId('part')]);
    expect(options[0].rootMargin).toBe('0px 0px 100px 0px');
    await act(async () => report?.([{ isIntersecting: false }]));
    expect(screen.getByTestId('part').textContent).toBe('pas encore');
    await act(async () => report?.([{ isIntersecting: true }]));
    expect(screen.getByTestId('part').textContent).toBe('construite');
    expect(disconnect).toHaveBeenCalled();
  });

  it('is built ahead of the scroll when asked (the focus entering the content before it)', async () => {
    vi.stubGlobal('IntersectionObserver', SilentObserver);
    render(<Part />);
    expect(screen.getByTestId('part').textContent).toBe('pas encore');
    await act(async () => screen.getByRole('button', { name: 'Avant' }).focus());
    expect(screen.getByTestId('part').textContent).toBe('construite');
  });

  it('is true at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Part />);
    expect(screen.getByTestId('part').textContent).toBe('construite');
  });
});
