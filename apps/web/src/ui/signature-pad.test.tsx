import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SignaturePad } from './signature-pad.tsx';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('SignaturePad', () => {
  const strokes: string[] = [];
  beforeEach(() => {
    strokes.length = 0;
    // jsdom has no 2D canvas: record the drawing calls instead.
    const ctx = {
      beginPath: () => strokes.push('begin'),
      moveTo: () => strokes.push('move'),
      lineTo: () => strokes.push('line'),
      stroke: () => strokes.push('stroke'),
      clearRect: () => strokes.push('clear'),
      fillText: () => strokes.push('text'),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  });
  afterEach(() => vi.restoreAllMocks());

  it('turns a drawing into a PNG data URL once validated, and clears it', () => {
    const onChange = vi.fn();
    renderWithProviders(<SignaturePad label="Signature du responsable" onChange={onChange} />);
    const validate = screen.getByRole('button', { name: 'Valider la signature « Signature du responsable »' });
    expect(validate).toBeDisabled();
    const canvas = screen.getByRole('img', { name: 'Zone de signature : Signature du responsable' });
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(strokes).toContain('line');
    expect(validate).toBeEnabled();
    fireEvent.click(validate);
    expect(onChange).toHaveBeenLastCalledWith(PNG);
    expect(screen.getByText('Signature prête')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Effacer la signature « Signature du responsable »' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('lets a keyboard user type a name instead of drawing', () => {
    const onChange = vi.fn();
    renderWithProviders(<SignaturePad label="Visa" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ou tapez votre nom pour signer' }), { target: { value: 'Camille Moreau' } });
    expect(strokes).toContain('text');
    fireEvent.click(screen.getByRole('button', { name: 'Valider la signature « Visa »' }));
    expect(onChange).toHaveBeenLastCalledWith(PNG);
  });
});
