'use client';
// What every review drawer does with its item: load the detail when opened, send a decision,
// tell the operator the server's answer, hand the decided row to the queue, and keep showing
// the item as decided. How the detail reads after the decision is each drawer's to say.
import { useCallMutation } from '@/lib/api/query';
import { type DetailCall, useDrawerItem } from './DetailDrawer';
import type { Access, CallSpec } from '@apimarket/contracts';
import type { z } from 'zod';
import { useAnnounce } from './useAnnounce';

export interface DecisionAnswer<Row> {
  row: Row;
  changed: boolean;
}

/** A queue's detail and decide calls (contracts' `console<Area>Api`). */
export interface ReviewCalls<Detail, Row> {
  detail: DetailCall<Detail>;
  decide: CallSpec<z.ZodType, { data: z.ZodType<DecisionAnswer<Row>> }, Access>;
}

export function useReviewDetail<Detail extends { id: number; status: Status }, Row, Status extends string>(
  calls: ReviewCalls<Detail, Row>,
  id: number | null,
  loadError: string,
  onDecided: (row: Row, before: Status) => void,
) {
  const { item: detail, error, show } = useDrawerItem(calls.detail, id, loadError);
  // The drawer says what went wrong itself, and keeps its dialog open.
  const decision = useCallMutation(calls.decide, { quiet: true });
  const announce = useAnnounce();

  /** Sends the decision; rejects (after showing why) so a dialog that asked for it stays open. */
  const decide = async (fields: Record<string, string>, after: (detail: Detail, answer: DecisionAnswer<Row>) => Detail) => {
    if (!detail) return;
    const res = await announce(() => decision.mutateAsync({ id: detail.id, ...fields }), '操作失败，请稍后再试');
    if (!res) throw new Error('decision refused');
    onDecided(res.data.row, detail.status);
    show(after(detail, res.data));
  };

  return { detail, error, decide };
}
