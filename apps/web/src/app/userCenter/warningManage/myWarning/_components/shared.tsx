'use client';
// What the alert cards share: the rule's state and switch columns, and the calls
// a rule change makes stale. Saving can fire a rule at once (the server judges before it answers),
// so 预警记录 is read again with the card's own list whenever any card changed a rule.
import { alertsApi, type Call } from '@apimarket/contracts';
import { App, Switch, type TableColumnsType, Tag } from 'antd';
import { useCallMutation } from '@/lib/api/query';

export function RuleState({ enabled, fired }: { enabled: boolean; fired: boolean }) {
  if (!enabled) return <Tag>已关闭</Tag>;
  return fired ? <Tag color="error">已触发</Tag> : <Tag color="success">监控中</Tag>;
}

/** After a rule of `list` changed: that list and the history of firings. */
export const staleAfterRule = (list: Call): readonly Call[] => [list, alertsApi.firings];

/** The lists load quietly: a card shows its own 「暂时无法读取」 state instead of a toast. */
export const QUIET = { quiet: true, silent: true } as const;

type StatusCall = typeof alertsApi.dailyStatus | typeof alertsApi.remainingStatus | typeof alertsApi.errorRateStatus;

/** Turns a rule of `list` on or off; a refused switch toasts why and reads the list again in case the rule changed. */
export function useRuleSwitch(call: StatusCall, list: Call, reload: () => unknown) {
  const { message } = App.useApp();
  const status = useCallMutation<StatusCall>(call, { invalidates: staleAfterRule(list), onSuccess: (res) => void message.success(res.msg) });
  return (id: number, on: boolean) => status.mutateAsync({ id, status: on ? '1' : '0' }).catch(() => reload());
}

interface RuleOfRow {
  id: number;
  enabled: boolean;
  fired: boolean;
}

/** The 状态 and 开关 columns of a rule table; a row without a rule (not set yet) shows neither. */
export function ruleColumns<T extends { interfaceName: string }>(
  kind: string,
  ruleOf: (row: T) => RuleOfRow | null,
  toggle: (id: number, on: boolean) => unknown,
): TableColumnsType<T> {
  return [
    {
      title: '状态',
      key: 'state',
      render: (_, r) => {
        const rule = ruleOf(r);
        return rule ? <RuleState enabled={rule.enabled} fired={rule.fired} /> : null;
      },
    },
    {
      title: '开关',
      key: 'switch',
      render: (_, r) => {
        const rule = ruleOf(r);
        return rule ? (
          <Switch size="small" checked={rule.enabled} aria-label={`${r.interfaceName} ${kind}开关`} onChange={(on) => void toggle(rule.id, on)} />
        ) : null;
      },
    },
  ];
}
