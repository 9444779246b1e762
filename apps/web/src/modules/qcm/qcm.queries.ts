import { buildPath, type EndpointBody, type QcmQuestion } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { uploadFile } from '../../lib/upload.ts';
import { qcmKeys } from './qcm.keys.ts';

export type QcmSaveBody = EndpointBody<typeof API.qcm.save>;
export type QuestionSaveBody = EndpointBody<typeof API.qcm.questionSave>;
export type SettingSaveBody = EndpointBody<typeof API.qcm.settingSave>;

/** The company's quizzes, the caller's attempts and the evaluation settings (one call: get_all). */
export function useQcmAll() {
  return useQuery({ queryKey: qcmKeys.bank, queryFn: ({ signal }) => callApi(API.qcm.getAll, { signal }) });
}

export function useEvaluationSetting() {
  return useQuery({ queryKey: qcmKeys.setting, queryFn: ({ signal }) => callApi(API.qcm.settingGet, { signal }) });
}

/** One attempt with its drawn questions and the answers recorded (to resume after a reload). */
export function useEvaluation(id: number) {
  return useQuery({
    queryKey: qcmKeys.evaluation(id),
    queryFn: ({ signal }) => callApi(API.qcm.evaluation, { params: { id }, signal }),
    enabled: id > 0,
    // The clock is the server's: a refetch on focus would move nothing but the answers; keep what the screen holds.
    refetchOnWindowFocus: false,
  });
}

/** The score of a finished attempt, by its own method. */
export function useEvaluationScore(id: number, enabled: boolean) {
  return useQuery({
    queryKey: qcmKeys.score(id),
    queryFn: ({ signal }) => callApi(API.qcm.getScore, { body: { evaluationId: id }, signal }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** The managers' list of attempts (person, quiz, date, score, réussi), newest first. */
export function useEvaluationPage(offset: number, perPage: number, enabled = true) {
  return useQuery({
    queryKey: qcmKeys.evaluationPage(offset, perPage),
    queryFn: ({ signal }) => callApi(API.qcm.evaluationPage, { query: { offset, perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: qcmKeys.all });
}
const done = (invalidate: () => Promise<void>) => () => {
  notifySuccess();
  return invalidate();
};

export function useSaveQcm() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: QcmSaveBody) => callApi(API.qcm.save, { body }), onSuccess: done(invalidate) });
}

export function useDeleteQcm() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callApi(API.qcm.delete, { params: { id } }), onSuccess: done(invalidate) });
}

/** Saves a question, then its image when one was chosen (the image needs the question's id). */
export function useSaveQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ body, image }: { body: QuestionSaveBody; image: File | null }) => {
      const saved = await callApi(API.qcm.questionSave, { body });
      if (!image) return saved;
      return uploadFile<QcmQuestion>(buildPath(API.qcm.questionImageUpload.path, { id: saved.id }), image);
    },
    onSuccess: done(invalidate),
    onSettled: () => invalidate(),
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callApi(API.qcm.questionDelete, { params: { id } }), onSuccess: done(invalidate) });
}

export function useArrangeQuestions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { qcmId: number; ids: number[] }) => callApi(API.qcm.questionArrange, { body }),
    onSettled: () => invalidate(),
  });
}

export function useSaveEvaluationSetting() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: SettingSaveBody) => callApi(API.qcm.settingSave, { body }), onSuccess: done(invalidate) });
}

// ---------------------------------------------------------------- an attempt

/** Starts an attempt of the caller; the server draws the questions and sets the deadline. */
export function useStartEvaluation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { qcmId: number; utilisateurId: number }) => callApi(API.qcm.add, { body }),
    onSuccess: () => invalidate(),
  });
}

/** Records the answers of one question (sent again, it replaces them). */
export function useSetAnswer() {
  return useMutation({
    mutationFn: (body: { evaluationId: number; questionId: number; reponseIds: number[] }) => callApi(API.qcm.answerSet, { body }),
  });
}

export function useSubmitEvaluation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.qcm.update, { body: { id, submit: true } }),
    onSettled: () => invalidate(),
  });
}
