'use client';
// What the alert cards share: the rule's state as a tag, and the calls a rule change makes stale.
// Saving can fire a rule at once (the server judges before it answers), so 预警记录 is read again
// with the card's own list whenever any card changed a rule.
import { alertsApi, type Call } from '@apimarket/contracts';
import { Tag } from 'antd';

export function RuleState({ enabled, fired }: { enabled: boolean; fired: boolean }) {
  if (!enabled) return <Tag>已关闭</Tag>;
  return fired ? <Tag color="error">已触发</Tag> : <Tag color="success">监控中</Tag>;
}

/** After a rule of `list` changed: that list and the history of firings. */
export const staleAfterRule = (list: Call): readonly Call[] => [list, alertsApi.firings];

/** The lists load quietly: a card shows its own 「暂时无法读取」 state instead of a toast. */
export const QUIET = { quiet: true, silent: true } as const;
