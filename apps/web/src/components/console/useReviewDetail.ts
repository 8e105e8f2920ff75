'use client';
// What every review drawer does with its item: load the detail when opened, send a decision,
// tell the operator the server's answer, hand the decided row to the queue, and keep showing
// the item as decided. How the detail reads after the decision is each drawer's to say.
import type { Access, CallSpec } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall, useCallMutation } from '@/lib/api/query';

export interface DecisionAnswer<Row> {
  row: Row;
  changed: boolean;
}

/** A queue's detail and decide calls (contracts' `console<Area>Api`). */
export interface ReviewCalls<Detail, Row> {
  detail: CallSpec<z.ZodType, { data: z.ZodType<Detail> }, Access>;
  decide: CallSpec<z.ZodType, { data: z.ZodType<DecisionAnswer<Row>> }, Access>;
}

export function useReviewDetail<Detail extends { id: number; status: Status }, Row, Status extends string>(
  calls: ReviewCalls<Detail, Row>,
  id: number | null,
  loadError: string,
  onDecided: (row: Row, before: Status) => void,
) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const loaded = useCall(calls.detail, { id }, { enabled: id !== null, quiet: true });
  // The drawer says what went wrong itself, and keeps its dialog open.
  const decision = useCallMutation(calls.decide, { quiet: true });
  const detail = (id !== null && loaded.data?.data) || null;
  const error = id !== null && loaded.error ? (serverMessage(loaded.error) ?? loadError) : null;

  /** Sends the decision; rejects (after showing why) so a dialog that asked for it stays open. */
  const decide = async (fields: Record<string, string>, after: (detail: Detail, answer: DecisionAnswer<Row>) => Detail) => {
    if (!detail) return;
    try {
      const res = await decision.mutateAsync({ id: detail.id, ...fields });
      if (res.data.changed) message.success(res.msg);
      else message.info(res.msg);
      onDecided(res.data.row, detail.status);
      const shown = after(detail, res.data);
      client.setQueryData(callKey(calls.detail, { id: detail.id }), { ...loaded.data, data: shown });
    } catch (err) {
      message.error(serverMessage(err) ?? '操作失败，请稍后再试');
      throw err;
    }
  };

  return { detail, error, decide };
}
