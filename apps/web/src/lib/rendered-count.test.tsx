import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenderedCount } from './rendered-count.ts';

function List({ total, first, step }: { total: number; first: number; step?: number }) {
  const count = useRenderedCount(total, first, step);
  return (
    <ul>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are their index.
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

/** Records the count of each render. */
function Probe({ seen }: { seen: number[] }) {
  const count = useRenderedCount(25, 10, 10);
  seen.push(count);
  return <span data-testid="count">{count}</span>;
}

describe('useRenderedCount (a long list rendered in slices, issue 16)', () => {
  it('commits the first slice with the screen, then the rest in later commits', async () => {
    const seen: number[] = [];
    render(<Probe seen={seen} />);
    // The first render shows the first slice only.
    expect(seen[0]).toBe(10);
    await act(async () => {});
    expect(screen.getByTestId('count').textContent).toBe('25');
    // Each slice was its own render: 10, 20, then all 25 (never more than there are).
    expect([...new Set(seen)]).toEqual([10, 20, 25]);
  });

  it('renders everything at once when the list is short, and follows a list that grows or shrinks', async () => {
    const { rerender } = render(<List total={3} first={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<List total={1} first={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    rerender(<List total={14} first={10} />);
    await act(async () => {});
    expect(screen.getAllByRole('listitem')).toHaveLength(14);
  });
});
