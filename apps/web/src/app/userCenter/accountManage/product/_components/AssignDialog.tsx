'use client';
// 分配接口: one of the main account's purchases to up to 50 sub-accounts at once, each with the
// calls it may still make from now (productManagement/interfaceAssign). A sub-account that held
// the interface already keeps its key and gets the new number. Also 调整次数 of one assignment:
// the same call for one sub-account, the interface fixed.
import { type AssignmentRow, AssignInput, productsApi, SUB_ACCOUNT_LIMITS, SUB_MSG, type SubAccountRow, subAccountsApi } from '@apimarket/contracts';
import { Alert, App, Form, InputNumber, Modal, Select, Typography } from 'antd';
import Link from 'next/link';
import { useEffect } from 'react';
import { useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { zodRule } from '@/lib/form-rules';
import styles from './products.module.css';
import { count, SUB_ACCOUNTS_HREF, subLabel, useAssignable, useSubAccounts } from './shared';

interface Values {
  purchaseId?: number;
  subAccountIds: number[];
  calls?: number | null;
}

const callsRule = zodRule(AssignInput.shape.calls);

/** Every call that shows what an assignment changes is read again after one. */
const CHANGED = [productsApi.page, productsApi.interfaceList, productsApi.statistics, subAccountsApi.list];

/** Empty is allowed only when every chosen sub-account is in amount mode (its money allotment is its limit). */
function needsCalls(chosen: number[], subs: SubAccountRow[]): boolean {
  const byId = new Map(subs.map((s) => [s.id, s]));
  return chosen.some((id) => byId.get(id)?.billingMode !== 'amount');
}

function callsRequired(getSubs: () => number[], subs: SubAccountRow[]) {
  return {
    validator: (_: unknown, value: number | null | undefined) =>
      (value === null || value === undefined) && needsCalls(getSubs(), subs) ? Promise.reject(new Error(SUB_MSG.callsRequired)) : Promise.resolve(),
  };
}

const CALLS_HELP = (
  <>
    每个子账号<strong>从现在起还可调用</strong>的次数；已分配过的子账号改为这个数（已用的次数不受影响）。调用从主账号所购套餐的剩余次数中扣除，不另外计费。
    留空表示不单独限制次数，<strong>仅适用于「按金额额度」计费的子账号</strong>，它们的调用以额度为限。
  </>
);

export function AssignDialog({ open, preset, onClose }: { open: boolean; preset?: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const assignable = useAssignable();
  const subs = useSubAccounts();
  const purchaseId = Form.useWatch('purchaseId', form);
  const chosen = Form.useWatch('subAccountIds', form) ?? [];
  const picked = assignable.rows.find((r) => r.purchaseId === purchaseId);
  const optional = chosen.length > 0 && !needsCalls(chosen, subs.rows);

  useEffect(() => {
    if (open) form.setFieldsValue({ purchaseId: undefined, subAccountIds: preset ? [preset] : [], calls: undefined });
  }, [open, preset, form]);

  const assigning = useCallMutation(productsApi.assign, {
    invalidates: CHANGED,
    onSuccess: (res) => {
      const { created, updated } = res.data;
      const parts = [created ? `新分配 ${created} 个子账号` : '', updated ? `更新 ${updated} 个子账号的可用次数` : ''].filter(Boolean);
      message.success(`分配完成：${parts.join('，') || '没有变化'}`);
      onClose();
    },
  });

  const submit = (v: Values) =>
    assigning.mutateAsync({ purchaseId: v.purchaseId ?? 0, subAccountIds: v.subAccountIds.join(','), calls: v.calls ?? undefined }).catch(() => undefined);

  return (
    <Modal
      open={open}
      title="分配接口"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="分 配"
      cancelText="取 消"
      okButtonProps={{ loading: assigning.isPending }}
      width={600}
      destroyOnHidden
    >
      <p className={styles.dialogIntro}>每个子账号得到自己的密钥，调用记在该子账号名下，次数和费用都从主账号的套餐中扣除。</p>
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ subAccountIds: [] }} requiredMark={false}>
        <Form.Item label="接口" name="purchaseId" rules={[{ required: true, message: SUB_MSG.purchaseMissing }]}>
          <Select
            placeholder="选择已购买的接口"
            loading={assignable.loading}
            showSearch={{ optionFilterProp: 'search' }}
            notFoundContent={
              <span>
                还没有已购买的接口，<Link href="/api">去 API 市场购买</Link>
              </span>
            }
            options={assignable.rows.map((r) => ({
              value: r.purchaseId,
              search: r.interfaceName,
              disabled: !r.usable,
              label: (
                <span className={styles.option}>
                  <span>{r.interfaceName}</span>
                  <span className={styles.optionNote}>{r.usable ? `剩余 ${count(r.callsLeft)} 次` : '已停用、过期或用完'}</span>
                </span>
              ),
            }))}
            aria-label="接口"
          />
        </Form.Item>
        {picked ? (
          <Typography.Paragraph type="secondary" className={styles.fieldNote} data-testid="assign-purchase-note">
            主账号剩余 {count(picked.callsLeft)} 次，{dateTime(picked.expiresAt)} 到期，已分配给 {picked.assignedTo} 个子账号（所有子账号共用这些次数）。
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          label="子账号"
          name="subAccountIds"
          extra={`可多选，一次最多 ${SUB_ACCOUNT_LIMITS.assignBatch} 个`}
          rules={[{ required: true, type: 'array', min: 1, message: SUB_MSG.pickSub }]}
        >
          <Select
            mode="multiple"
            maxCount={SUB_ACCOUNT_LIMITS.assignBatch}
            placeholder="选择子账号"
            loading={subs.loading}
            showSearch={{ optionFilterProp: 'search' }}
            notFoundContent={
              <span>
                还没有子账号，<Link href={SUB_ACCOUNTS_HREF}>去子账号管理创建</Link>
              </span>
            }
            options={subs.rows.map((s) => ({
              value: s.id,
              search: `${s.loginName} ${s.contacter} ${s.subCompanyName}`,
              label: `${subLabel(s)}${s.billingMode === 'amount' ? ' · 按金额额度' : ''}${s.status === 'disabled' ? ' · 已停用' : ''}`,
            }))}
            aria-label="子账号"
          />
        </Form.Item>
        <Form.Item
          label="可用次数"
          name="calls"
          dependencies={['subAccountIds']}
          extra={CALLS_HELP}
          rules={[callsRule, callsRequired(() => form.getFieldValue('subAccountIds') ?? [], subs.rows)]}
        >
          <InputNumber
            min={0}
            max={SUB_ACCOUNT_LIMITS.maxCalls}
            precision={0}
            placeholder={optional ? '留空：不限次数，以金额额度为限' : '例如 1000'}
            suffix="次"
            style={{ width: 240, maxWidth: '100%' }}
            aria-label="可用次数"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调整次数: what one sub-account may still call with this key from now. */
export function AdjustDialog({ row, onClose }: { row: AssignmentRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ calls?: number | null }>();
  const subs = useSubAccounts();
  const sub = subs.rows.find((s) => s.id === row?.subAccountId);
  const amountMode = sub?.billingMode === 'amount';

  useEffect(() => {
    if (row) form.setFieldsValue({ calls: row.callsLeft });
  }, [row, form]);

  const adjusting = useCallMutation(productsApi.assign, {
    invalidates: CHANGED,
    onSuccess: (_res, input) => {
      message.success(typeof input.calls === 'number' ? `已调整为还可调用 ${count(input.calls)} 次` : '已改为不限次数（以金额额度为限）');
      onClose();
    },
  });

  const submit = ({ calls }: { calls?: number | null }) => {
    if (!row) return;
    adjusting.mutateAsync({ purchaseId: row.purchaseId, subAccountIds: String(row.subAccountId), calls: calls ?? undefined }).catch(() => undefined);
  };

  return (
    <Modal
      open={row !== null}
      title="调整次数"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保 存"
      cancelText="取 消"
      okButtonProps={{ loading: adjusting.isPending }}
      width={520}
      destroyOnHidden
    >
      {row ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${subLabel(row)} · ${row.interfaceName}`}
          description={`已用 ${count(row.callsUsed)} 次，当前剩余 ${row.callsLeft === null ? '不限' : `${count(row.callsLeft)} 次`}；主账号该套餐剩余 ${count(row.purchaseCallsLeft)} 次。`}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="从现在起还可调用"
          name="calls"
          extra={
            amountMode
              ? '该子账号按金额额度计费：留空表示不单独限制次数，以额度为限。调用从主账号的套餐中扣除。'
              : '填写新的剩余次数，已用的次数不变。调用从主账号的套餐中扣除。'
          }
          rules={[
            callsRule,
            {
              validator: (_: unknown, v: number | null | undefined) =>
                (v === null || v === undefined) && !amountMode ? Promise.reject(new Error(SUB_MSG.callsRequired)) : Promise.resolve(),
            },
          ]}
        >
          <InputNumber
            min={0}
            max={SUB_ACCOUNT_LIMITS.maxCalls}
            precision={0}
            suffix="次"
            placeholder={amountMode ? '留空：不限次数' : '例如 1000'}
            style={{ width: 240, maxWidth: '100%' }}
            aria-label="从现在起还可调用"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
