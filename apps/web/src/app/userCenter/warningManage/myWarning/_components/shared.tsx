'use client';
// What the alert cards share: the rule's state as a tag, loading a list with a retry state, and
// the signal that a rule changed — saving can fire it at once (the server judges before it
// answers), so 预警记录 reads again whenever any card changed a rule.
import { Tag } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { request } from '../../../../../lib/api/client';

export function RuleState({ enabled, fired }: { enabled: boolean; fired: boolean }) {
  if (!enabled) return <Tag>已关闭</Tag>;
  return fired ? <Tag color="error">已触发</Tag> : <Tag color="success">监控中</Tag>;
}

const RulesChanged = createContext<{ version: number; changed: () => void }>({ version: 0, changed: () => {} });

/** Around the cards of the page: counts the rule changes made on it. */
export function RulesChangedProvider({ children }: { children: React.ReactNode }) {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const value = useMemo(() => ({ version, changed }), [version, changed]);
  return <RulesChanged.Provider value={value}>{children}</RulesChanged.Provider>;
}

export const useRulesChanged = () => useContext(RulesChanged);

/** A list call's rows: null while loading, 'failed' when it could not be read. `load` after a change also tells 预警记录. */
export function useRows<T>(path: string) {
  const { changed } = useRulesChanged();
  const [rows, setRows] = useState<T[] | null | 'failed'>(null);
  const load = useCallback(async () => {
    try {
      setRows((await request<{ rows: T[] }>(path, { silent: true })).rows);
    } catch {
      setRows('failed');
    }
  }, [path]);
  useEffect(() => void load(), [load]);
  const reload = useCallback(async () => {
    await load();
    changed();
  }, [load, changed]);
  return { rows, load: reload };
}

export interface Purchased {
  interfaceId: number;
  interfaceName: string;
}
