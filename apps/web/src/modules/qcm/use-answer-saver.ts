import * as API from '@app/contracts/api';
import { useCallback, useRef, useState } from 'react';
import { callApi } from '../../lib/api.ts';
import { type Answers, sameSelection } from './qcm-attempt.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves the answers as they are chosen (answer/set), one request after the other so that the server keeps the last
 * choice; remembers what the server confirmed, so that `flush` (before submitting) resends only what it lacks.
 */
export function useAnswerSaver(evaluationId: number, confirmed: Answers) {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const server = useRef<Answers>({ ...confirmed });
  const wanted = useRef<Answers>({ ...confirmed });
  const [state, setState] = useState<SaveState>('idle');
  const [lastError, setLastError] = useState<unknown>(null);

  const send = useCallback(
    (questionId: number) => {
      const key = String(questionId);
      chain.current = chain.current.then(async () => {
        const reponseIds = wanted.current[key] ?? [];
        if (sameSelection(server.current[key], reponseIds)) return;
        setState('saving');
        try {
          await callApi(API.qcm.answerSet, { body: { evaluationId, questionId, reponseIds } });
          server.current = { ...server.current, [key]: reponseIds };
          setState('saved');
          setLastError(null);
        } catch (e) {
          setState('failed');
          setLastError(e);
        }
      });
      return chain.current;
    },
    [evaluationId],
  );

  /** Records a choice and sends it. */
  const save = useCallback(
    (questionId: number, reponseIds: number[]) => {
      wanted.current = { ...wanted.current, [String(questionId)]: reponseIds };
      return send(questionId);
    },
    [send],
  );

  /** Waits for the requests under way and resends every choice the server has not confirmed; true when all are saved. */
  const flush = useCallback(async () => {
    await chain.current;
    const missing = Object.keys(wanted.current).filter((k) => !sameSelection(server.current[k], wanted.current[k]));
    for (const k of missing) await send(Number(k));
    return Object.keys(wanted.current).every((k) => sameSelection(server.current[k], wanted.current[k]));
  }, [send]);

  return { save, flush, state, lastError };
}
