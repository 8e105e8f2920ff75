'use client';
// What the alert cards share: the rule's state as a tag, and loading a list with a retry state.
import { Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';

export function RuleState({ enabled, fired }: { enabled: boolean; fired: boolean }) {
  if (!enabled) return <Tag>已关闭</Tag>;
  return fired ? <Tag color="red">已触发</Tag> : <Tag color="green">监控中</Tag>;
}

/** A list call's rows: null while loading, 'failed' when it could not be read. */
export function useRows<T>(path: string) {
  const [rows, setRows] = useState<T[] | null | 'failed'>(null);
  const load = useCallback(async () => {
    try {
      setRows((await request<{ rows: T[] }>(path, { silent: true })).rows);
    } catch {
      setRows('failed');
    }
  }, [path]);
  useEffect(() => void load(), [load]);
  return { rows, load };
}

export interface Purchased {
  interfaceId: number;
  interfaceName: string;
}
