'use client';
// 错误率预警 (myWarn/getMembershipWarnInfo, getWarnInterface, getWarnErrcode, queryWarnInfoById,
// saveWarnInfo, updateStatus, deleteWarnInfoById): the share of chosen answer codes among an
// interface's calls in the last N minutes; told once when it reaches the rate, again after it
// fell back under it.
import { ALERT_LIMITS, alertsApi, ErrorRateAlertInput, type ErrorRateAlertRow } from '@apimarket/contracts';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@/components/user-center/FormDialog';
import { ListTable } from '@/components/user-center/ListTable';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { QUIET, ruleColumns, staleAfterRule, useRuleSwitch } from './shared';

interface Values {
  interfaceId?: number;
  codes: string[];
  rate: string;
  windowMinutes: number;
}

const FIELD = ErrorRateAlertInput.shape;
const STALE = staleAfterRule(alertsApi.errorRateList);

export function ErrorRateAlerts() {
  const { message } = App.useApp();
  const list = usePagedList(alertsApi.errorRateList, { quiet: true });
  const purchased = useCall(alertsApi.warnInterfaces, undefined, QUIET).data?.rows ?? [];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [initialValues, setInitialValues] = useState<Partial<Values>>();
  const [form] = Form.useForm<Values>();
  const interfaceId = Form.useWatch('interfaceId', form);
  const codes = useCall(alertsApi.warnErrcodes, { interfaceId }, { ...QUIET, enabled: Boolean(interfaceId) }).data?.rows;
  const removal = useCallMutation(alertsApi.deleteErrorRate, { invalidates: STALE, onSuccess: (res) => void message.success(res.msg) });
  // A refusal is shown under its field where one names it: no generic toast.
  const saving = useCallMutation(alertsApi.saveErrorRate, { quiet: true, invalidates: STALE });

  const toggle = useRuleSwitch(alertsApi.errorRateStatus, alertsApi.errorRateList, list.refetch);
  // A refused removal: the toast says why, and the list is read again in case the rule changed.
  const remove = (id: number) => removal.mutateAsync({ id }).catch(() => list.refetch());

  const open = async (id: number | 'new') => {
    if (id === 'new') {
      setInitialValues({ interfaceId: purchased[0]?.interfaceId, codes: [], rate: '', windowMinutes: ALERT_LIMITS.windows[0] });
      setEditing('new');
      return;
    }
    try {
      const rule = (await request(alertsApi.errorRate, { id })).data;
      setInitialValues({ interfaceId: rule.interfaceId, codes: rule.codes, rate: String(rule.threshold), windowMinutes: rule.windowMinutes });
      setEditing(id);
    } catch (err) {
      toastFailure(err);
    }
  };

  const save = async (values: Values) => {
    try {
      const current = list.rows.find((r) => r.id === editing);
      const res = await saving.mutateAsync({
        ...(typeof editing === 'number' ? { id: editing } : {}),
        interfaceId: values.interfaceId ?? '',
        codes: values.codes.join(','),
        rate: String(values.rate).trim(),
        windowMinutes: values.windowMinutes,
        status: current?.enabled === false ? '0' : '1',
      });
      message.success(res.msg);
      setEditing(null);
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = msg.includes('错误码')
        ? 'codes'
        : msg.includes('百分比')
          ? 'rate'
          : msg.includes('窗口')
            ? 'windowMinutes'
            : msg.includes('接口')
              ? 'interfaceId'
              : null;
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else message.error(msg);
    }
  };

  const columns: TableColumnsType<ErrorRateAlertRow> = [
    { title: '接口', dataIndex: 'interfaceName', key: 'name' },
    {
      title: '监控错误码',
      key: 'codes',
      render: (_, r) => (
        <Space size={[4, 4]} wrap>
          {r.codes.map((c) => (
            <Tag key={c}>{c}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '条件', key: 'rule', render: (_, r) => `最近 ${r.windowMinutes} 分钟达到 ${r.threshold}%` },
    ...ruleColumns<ErrorRateAlertRow>('错误率预警', (r) => r, toggle),
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void open(r.id)}>
            编辑
          </Button>
          <Popconfirm title="删除这条错误率预警？已发生的提醒记录会保留。" okText="删 除" cancelText="取 消" onConfirm={() => remove(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="错误率预警"
      data-testid="alert-error-rate"
      extra={
        <Button type="primary" size="small" onClick={() => void open('new')} disabled={purchased.length === 0}>
          新增预警
        </Button>
      }
    >
      <ListTable<ErrorRateAlertRow>
        rowKey="id"
        columns={columns}
        list={list}
        failedText="错误率预警暂时无法读取，请稍后刷新重试"
        scrollX={760}
        empty={
          <Empty
            description={
              purchased.length === 0
                ? '购买接口后，可在这里监控接口的错误码比例'
                : `未设置错误率预警：所选错误码在最近一段时间的调用中占比达到设定值时提醒（至少 ${ALERT_LIMITS.minCallsForRate} 次调用才计算）`
            }
          />
        }
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? '新增错误率预警' : '编辑错误率预警'}
        width={520}
        saving={saving.isPending}
        form={form}
        initialValues={initialValues}
        onFinish={save}
        onCancel={() => setEditing(null)}
        hint={`时间窗口内调用不少于 ${ALERT_LIMITS.minCallsForRate} 次时才计算比例；达到设定比例提醒一次，回落到设定比例以下后再重新计算。`}
      >
        <Form.Item name="interfaceId" label="接口" rules={[zodRule(FIELD.interfaceId)]}>
          <Select
            aria-label="接口"
            placeholder="请选择接口"
            options={purchased.map((p) => ({ value: p.interfaceId, label: p.interfaceName }))}
            onChange={() => form.setFieldValue('codes', [])}
          />
        </Form.Item>
        <Form.Item name="codes" label="监控的错误码" rules={[zodRule(FIELD.codes)]}>
          <Select
            mode="multiple"
            aria-label="监控的错误码"
            placeholder="请选择错误码"
            optionFilterProp="label"
            options={(interfaceId ? (codes ?? []) : []).map((c) => ({ value: c.code, label: `${c.code} ${c.message}` }))}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="windowMinutes" label="时间窗口" rules={[zodRule(FIELD.windowMinutes)]} style={{ flex: 1 }}>
            <Select aria-label="时间窗口" options={ALERT_LIMITS.windows.map((w) => ({ value: w, label: `最近 ${w} 分钟` }))} />
          </Form.Item>
          <Form.Item name="rate" label="错误率达到（%）" rules={[zodRule(FIELD.rate)]} style={{ flex: 1, marginLeft: 12 }}>
            <Input placeholder="如 20" inputMode="numeric" maxLength={3} suffix="%" aria-label="错误率阈值" />
          </Form.Item>
        </Space.Compact>
      </FormDialog>
    </Card>
  );
}
