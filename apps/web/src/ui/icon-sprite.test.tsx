import { IconArrowUp, IconTrash } from '@tabler/icons-react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IconSpriteDefs, SpriteIcon } from './icon-sprite.tsx';

const ICONS = { up: IconArrowUp, trash: IconTrash };

describe('icon sprite (icons drawn once, issue 16)', () => {
  it('draws each icon once as a symbol, and each use of it is an svg with a use: two elements', () => {
    const { container } = render(
      <>
        <IconSpriteDefs prefix="test-icon" icons={ICONS} />
        <button type="button" aria-label="Monter">
          <SpriteIcon prefix="test-icon" name="up" size={16} />
        </button>
        <SpriteIcon prefix="test-icon" name="trash" color="red" />
      </>,
    );
    expect([...container.querySelectorAll('symbol')].map((s) => s.id)).toEqual(['test-icon-up', 'test-icon-trash']);
    const icon = container.querySelector('button svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('width')).toBe('16');
    expect(icon?.querySelectorAll('*')).toHaveLength(1);
    expect(icon?.querySelector('use')?.getAttribute('href')).toBe('#test-icon-up');
    const trash = container.querySelector('svg[data-icon="trash"]') as SVGSVGElement;
    expect(trash.style.color).toBe('red');
  });
});
