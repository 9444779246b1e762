import { createContext, useContext } from 'react';
import type { ProcessData } from '../process.queries.ts';

/** What every field of a process form reads: the values, the process, who fills it, the errors to show. */
export interface FieldContextValue {
  /** The process (null where there is none yet, e.g. a preview). */
  process: ProcessData | null;
  /** Values keyed by metrique id: the saved rawData with the unsaved edits on top. */
  values: Readonly<Record<string, unknown>>;
  setValue: (metriqueId: number, value: unknown) => void;
  readOnly: boolean;
  /** Field id → French error (after a 400). */
  errors: Readonly<Record<string, string>>;
  /** Session language code, for option labels. */
  language: string;
  entrepriseId: number;
  userId: number;
  /** Drawn signatures not sent yet, by field id (PNG data URLs). */
  signatureDrafts: Readonly<Record<string, string>>;
  setSignatureDraft: (metriqueId: number, dataUrl: string | null) => void;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

export function useFieldContext(): FieldContextValue {
  const c = useContext(FieldContext);
  if (!c) throw new Error('FieldContext manquant');
  return c;
}
