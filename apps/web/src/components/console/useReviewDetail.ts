'use client';
// What every review drawer does with its item: load the detail when opened, send a decision,
// tell the operator the server's answer, hand the decided row to the queue, and keep showing
// the item as decided. How the detail reads after the decision is each drawer's to say.
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { serverMessage } from '../../lib/api/errors';
import { useConsole } from './ConsoleContext';

export interface DecisionAnswer<Row> {
  row: Row;
  changed: boolean;
}

export function useReviewDetail<Detail extends { id: number; status: Status }, Row, Status extends string>(
  area: 'qualifications' | 'payTests' | 'recharges' | 'refunds',
  id: number | null,
  loadError: string,
  onDecided: (row: Row, before: Status) => void,
) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDetail(null);
    setError(null);
    if (id === null) return;
    call<{ data: Detail }>(`${area}/detail`, { data: { id } })
      .then((res) => setDetail(res.data))
      .catch((err: unknown) => setError(serverMessage(err) ?? loadError));
  }, [call, area, id, loadError]);

  /** Sends the decision; rejects (after showing why) so a dialog that asked for it stays open. */
  const decide = async (fields: Record<string, string>, after: (detail: Detail, answer: DecisionAnswer<Row>) => Detail) => {
    if (!detail) return;
    try {
      const res = await call<{ data: DecisionAnswer<Row>; msg: string }>(`${area}/decide`, { data: { id: detail.id, ...fields } });
      if (res.data.changed) message.success(res.msg);
      else message.info(res.msg);
      onDecided(res.data.row, detail.status);
      setDetail(after(detail, res.data));
    } catch (err) {
      message.error(serverMessage(err) ?? '操作失败，请稍后再试');
      throw err;
    }
  };

  return { detail, error, decide };
}
