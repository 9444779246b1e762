import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FitTextarea, fallbackRows } from './fit-textarea.tsx';

function Field() {
  const [value, setValue] = useState('');
  return <FitTextarea label="Description" value={value} onChange={(e) => setValue(e.currentTarget.value)} minRows={1} maxRows={4} />;
}

describe('FitTextarea (sized by CSS, not measured: issue 16)', () => {
  it.each([
    ['', 1, 4, 1],
    ['une ligne', 1, 4, 1],
    ['a\nb\nc', 1, 4, 3],
    ['a\nb\nc\nd\ne\nf', 1, 4, 4],
    ['', 2, 4, 2],
  ])('rows without field-sizing for %j (min %i, max %i): %i', (value, min, max, rows) => {
    expect(fallbackRows(value, min, max)).toBe(rows);
  });

  it('is a plain textarea sized by field-sizing, bounded by its rows, that keeps its value', () => {
    render(
      <MantineProvider>
        <Field />
      </MantineProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    expect(box.getAttribute('style')).toContain('field-sizing: content');
    expect(box.style.maxHeight).toBe('calc(4lh + 2 * var(--input-padding-y, 0rem) + 2px)');
    expect(box.rows).toBe(1);
    fireEvent.change(box, { target: { value: 'première\nseconde' } });
    expect(box.value).toBe('première\nseconde');
    expect(box.rows).toBe(2);
  });
});
