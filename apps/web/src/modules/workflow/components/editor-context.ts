import type { Etape, Metrique, ProcessModele } from '@app/contracts';
import { createContext, useContext } from 'react';

/** What is being dragged: a kind from the palette, a field, or a step. */
export type DragPayload =
  | { kind: 'type'; code: string }
  | { kind: 'metrique'; id: number; etapeId: number }
  | { kind: 'etape'; id: number };

export interface EditorState {
  model: ProcessModele;
  /** Structural edits allowed (ability to update, model not locked). */
  canEdit: boolean;
  etape: Etape | null;
  selectEtape: (id: number) => void;
  metrique: Metrique | null;
  selectMetrique: (id: number | null) => void;
  drag: DragPayload | null;
  setDrag: (d: DragPayload | null) => void;
  /** Adds a field of a kind to a step: at the end, or at an idx (inserting). */
  addField: (etapeId: number, code: string, idx: number | null) => void;
}

export const EditorContext = createContext<EditorState | null>(null);

export function useEditor(): EditorState {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error("Hors de l'éditeur de workflow");
  return ctx;
}

/** dataTransfer needs some data for Firefox to start a drag; the payload itself lives in the context. */
export function startDrag(e: React.DragEvent, payload: DragPayload, set: (d: DragPayload) => void) {
  e.dataTransfer.effectAllowed = payload.kind === 'type' ? 'copy' : 'move';
  e.dataTransfer.setData('text/plain', JSON.stringify(payload));
  set(payload);
}
