import { clampMarker, nudgeMarker } from '@app/contracts';
import { Box, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkerIcon } from './marker-icon.tsx';

const PLAN: CSSProperties = {
  position: 'relative',
  width: '100%',
  border: '1px solid var(--mantine-color-gray-4)',
  borderRadius: 'var(--mantine-radius-sm)',
  overflow: 'hidden',
  touchAction: 'none',
  userSelect: 'none',
  background: 'var(--mantine-color-gray-0)',
};
const IMAGE: CSSProperties = { display: 'block', width: '100%', height: 'auto' };
const MARKER: CSSProperties = {
  position: 'absolute',
  transform: 'translate(-50%, -50%)',
  width: 32,
  height: 32,
  color: '#fff',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: '2px solid #fff',
  boxShadow: '0 1px 4px rgb(0 0 0 / 45%)',
};
const SELECTED: CSSProperties = { outline: '3px solid var(--mantine-color-orange-7)', outlineOffset: 2, zIndex: 1 };
const LIVE: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

export interface PlanMarker {
  /** Unique on the plan (free markers and equipment share it). */
  key: string;
  libelle: string;
  x: number;
  y: number;
  couleur: string | null;
  icon: string | null;
  /** Whether the caller may move it (pointer and arrow keys). */
  movable: boolean;
  /** An equipment's marker (drawn square) rather than a free one. */
  equipement?: boolean;
}

interface Props {
  src: string;
  alt: string;
  /** Names the plan region for screen readers. */
  label: string;
  markers: PlanMarker[];
  selected: string | null;
  onSelect: (key: string | null) => void;
  onMove: (key: string, x: number, y: number) => void;
  /** A click on the plan itself (not on a marker), at x, y in 0..1 of the image. */
  onPlace?: (x: number, y: number) => void;
}

const pct = (v: number) => Math.round(v * 100);

/**
 * A plan image with its markers, positioned in 0..1 of the image so they stay in place at any width (a phone shows
 * the whole plan). A marker is a button: a click or tap selects it, the pointer drags it, the arrow keys move it 1 %
 * (10 % with Shift); every move is announced by its accessible name.
 */
export function PlanView({ src, alt, label, markers, selected, onSelect, onMove, onPlace }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  const at = (e: { clientX: number; clientY: number }) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0 || r.height === 0) return null;
    return { x: clampMarker((e.clientX - r.left) / r.width), y: clampMarker((e.clientY - r.top) / r.height) };
  };

  // The drag in progress, read by the window's listeners: set at once on pointerdown (a state would only be seen by
  // the handlers of the next render, and a busy page renders after the first moves). The listeners are the window's,
  // not the marker's: the moves reach them whether or not the marker got the pointer capture or was drawn again.
  const drag = useRef<{ key: string; pointerId: number; stop: () => void } | null>(null);
  const handlers = useRef({ at, onMove });
  handlers.current = { at, onMove };
  useEffect(() => () => drag.current?.stop(), []);

  const down = (m: PlanMarker) => (e: PointerEvent<HTMLButtonElement>) => {
    onSelect(m.key);
    if (!m.movable || e.button !== 0) return;
    drag.current?.stop();
    const target = e.currentTarget;
    const pointerId = e.pointerId;
    try {
      target.setPointerCapture(pointerId);
    } catch {
      // No capture (pointer already gone): the window's listeners still follow it.
    }
    const onPointerMove = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      const p = handlers.current.at(ev);
      if (p) handlers.current.onMove(m.key, p.x, p.y);
    };
    const onPointerUp = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId === pointerId) stop();
    };
    const stop = () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
      if (target.hasPointerCapture?.(pointerId)) target.releasePointerCapture(pointerId);
      drag.current = null;
      setDragging(null);
    };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    drag.current = { key: m.key, pointerId, stop };
    setDragging(m.key);
  };
  const key = (m: PlanMarker) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape') {
      onSelect(null);
      return;
    }
    if (!m.movable) return;
    const next = nudgeMarker(m, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    onSelect(m.key);
    onMove(m.key, next.x, next.y);
    setAnnounce(t('localisation.markers.moved', { libelle: m.libelle, x: pct(next.x), y: pct(next.y) }));
  };

  return (
    <Box
      ref={box}
      style={PLAN}
      role="group"
      aria-label={label}
      onClick={(e) => {
        if (e.target !== e.currentTarget && !(e.target instanceof HTMLImageElement)) return;
        const p = at(e);
        if (p && onPlace) onPlace(p.x, p.y);
        else onSelect(null);
      }}
    >
      <img src={src} alt={alt} style={IMAGE} draggable={false} />
      {markers.map((m) => (
        <UnstyledButton
          key={m.key}
          type="button"
          data-selected={selected === m.key || undefined}
          style={{
            ...MARKER,
            ...(selected === m.key ? SELECTED : {}),
            left: `${m.x * 100}%`,
            top: `${m.y * 100}%`,
            borderRadius: m.equipement ? 4 : '50%',
            cursor: dragging === m.key ? 'grabbing' : m.movable ? 'grab' : 'pointer',
            backgroundColor: m.couleur ?? (m.equipement ? '#495057' : '#1c7ed6'),
          }}
          aria-label={t('localisation.markers.marker', { libelle: m.libelle, x: pct(m.x), y: pct(m.y) })}
          aria-pressed={selected === m.key}
          title={m.libelle}
          onClick={(e) => e.stopPropagation()}
          onPointerDown={down(m)}
          onKeyDown={key(m)}
        >
          <MarkerIcon name={m.icon} size={16} />
        </UnstyledButton>
      ))}
      <Text style={LIVE} aria-live="polite">
        {announce}
      </Text>
    </Box>
  );
}
