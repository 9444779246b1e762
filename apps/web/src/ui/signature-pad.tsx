import { Box, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const WIDTH = 480;
const HEIGHT = 160;

interface SignaturePadProps {
  /** Accessible name of the drawing area (e.g. the field's name). */
  label: string;
  /** Called with a PNG data URL when the person validates the drawing, null when cleared. */
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * Draw a signature with a mouse, a finger or a pen on a canvas (pointer events), then validate it into a PNG data
 * URL. Keyboard users can type their name instead: it is written on the canvas in a handwriting style.
 */
export function SignaturePad({ label, onChange, disabled, error }: SignaturePadProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [hasInk, setHasInk] = useState(false);
  const [validated, setValidated] = useState(false);
  const [typed, setTyped] = useState('');

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.2;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1a1b1e';
      ctx.fillStyle = '#1a1b1e';
    }
    return ctx;
  };
  useEffect(() => {
    context();
  });

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const canvas = e.currentTarget;
    const r = canvas.getBoundingClientRect();
    const sx = r.width ? canvas.width / r.width : 1;
    const sy = r.height ? canvas.height / r.height : 1;
    return { x: (e.clientX - r.left) * sx, y: (e.clientY - r.top) * sy };
  };
  const changed = () => {
    setHasInk(true);
    if (validated) {
      setValidated(false);
      onChange(null);
    }
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const ctx = context();
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    // A dot for a simple click.
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
    changed();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
  };
  const up = () => {
    drawing.current = false;
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setHasInk(false);
    setValidated(false);
    setTyped('');
    onChange(null);
  };
  const writeName = (name: string) => {
    setTyped(name);
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!name.trim()) {
      setHasInk(false);
      return;
    }
    ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", cursive';
    ctx.fillText(name, 20, HEIGHT / 2 + 14, WIDTH - 40);
    changed();
  };
  const validate = () => {
    const url = canvasRef.current?.toDataURL('image/png');
    if (!url) return;
    setValidated(true);
    onChange(url);
  };

  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap={6}>
        <Box
          style={{
            border: `1px ${validated ? 'solid var(--mantine-color-teal-6)' : 'dashed var(--mantine-color-gray-5)'}`,
            borderRadius: 6,
            background: disabled ? 'var(--mantine-color-gray-1)' : 'white',
            maxWidth: WIDTH,
            lineHeight: 0,
          }}
        >
          <canvas
            ref={canvasRef}
            width={WIDTH}
            height={HEIGHT}
            role="img"
            aria-label={t('signaturePad.area', { label })}
            style={{ width: '100%', height: 'auto', touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair' }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerLeave={up}
            onPointerCancel={up}
          />
        </Box>
        <TextInput
          size="xs"
          maw={WIDTH}
          label={t('signaturePad.typed')}
          value={typed}
          disabled={disabled}
          onChange={(e) => writeName(e.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={clear}
            disabled={disabled || (!hasInk && !validated)}
            aria-label={t('signaturePad.clearNamed', { label })}
          >
            {t('signaturePad.clear')}
          </Button>
          <Button
            size="xs"
            onClick={validate}
            disabled={disabled || !hasInk || validated}
            aria-label={t('signaturePad.validateNamed', { label })}
          >
            {t('signaturePad.validate')}
          </Button>
          <Text size="xs" c={validated ? 'teal' : 'dimmed'} aria-live="polite">
            {validated ? t('signaturePad.ready') : hasInk ? t('signaturePad.toValidate') : t('signaturePad.empty')}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
