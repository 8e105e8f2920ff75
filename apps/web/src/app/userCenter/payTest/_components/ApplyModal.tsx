'use client';
// 申请测试: pick an interface on sale, the number of calls, the purpose and a contact. The fee is
// computed here with the server's own function (payTestFee over the interface's packages), so
// the amount shown is the amount stored and later debited.
import {
  billingApi,
  catalogApi,
  cheapestPerCall,
  formatFen,
  PAY_TEST_LIMITS,
  PAY_TEST_MSG,
  PayTestApplyInput,
  payTestApi,
  payTestFee,
} from '@apimarket/contracts';
import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useMemo } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './pay-test.module.css';

interface Values {
  interfaceId?: number;
  calls: number | null;
  purpose: string;
  contactName: string;
  contactPhone: string;
}

const FIELD_OF: Array<[string, keyof Values]> = [
  ['接口', 'interfaceId'],
  ['测试次数', 'calls'],
  ['用途', 'purpose'],
  ['联系人', 'contactName'],
  ['手机号', 'contactPhone'],
];

export function ApplyModal({ open, onClose, onApplied }: { open: boolean; onClose: () => void; onApplied: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const balance = useCall(billingApi.balance, undefined, { enabled: open, quiet: true });
  const balanceFen = balance.isError ? null : (balance.data?.data.balanceFen ?? null);
  const interfaceId = Form.useWatch('interfaceId', form);
  const calls = Form.useWatch('calls', form);

  // The interfaces on sale, once the dialog is first opened; a failure leaves the list empty.
  const interfaces = useCall(catalogApi.list, {}, { enabled: open, quiet: true });
  const options = interfaces.isError ? [] : (interfaces.data?.rows ?? null);
  // The chosen interface's packages price the test; none chosen yet, none to price with.
  const priced = useCall(catalogApi.packages, { interfaceId }, { enabled: Boolean(interfaceId), quiet: true });
  const packages = !interfaceId ? null : priced.isError ? [] : (priced.data?.rows ?? null);

  const best = useMemo(() => (packages ? cheapestPerCall(packages) : null), [packages]);
  const validCalls = typeof calls === 'number' && Number.isInteger(calls) && calls >= PAY_TEST_LIMITS.minCalls && calls <= PAY_TEST_LIMITS.maxCalls;
  const fee = packages && validCalls ? payTestFee(calls, packages) : null;
  const noPrice = packages !== null && best === null;

  // A refusal is shown at the field it names.
  const applying = useCallMutation(payTestApi.apply, {
    quiet: true,
    invalidates: [payTestApi.list],
    onSuccess: (res) => {
      message.success(res.msg);
      form.resetFields();
      onApplied();
    },
  });

  const submit = (values: Values) =>
    applying.mutateAsync({ ...values, interfaceId: values.interfaceId, calls: values.calls ?? '' }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = FIELD_OF.find(([word]) => msg.includes(word))?.[1] ?? 'interfaceId';
      form.setFields([{ name: field, errors: [msg] }]);
    });

  return (
    <Modal
      open={open}
      title="申请付费测试"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交申请"
      okButtonProps={{ loading: applying.isPending, disabled: noPrice }}
      cancelText="取消"
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ calls: 100, purpose: '', contactName: '', contactPhone: '' }}
        className={styles.form}
      >
        <Form.Item label="测试接口" name="interfaceId" rules={[zodRule(PayTestApplyInput.shape.interfaceId)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="输入名称搜索在售接口"
            loading={options === null}
            options={(options ?? []).map((o) => ({ value: o.id, label: o.interfaceName }))}
            aria-label="测试接口"
            notFoundContent="没有名称匹配的在售接口"
          />
        </Form.Item>
        <Form.Item
          label="测试次数"
          name="calls"
          rules={[zodRule(PayTestApplyInput.shape.calls)]}
          extra={`${PAY_TEST_LIMITS.minCalls}–${PAY_TEST_LIMITS.maxCalls.toLocaleString('zh-CN')} 次，有效期 ${PAY_TEST_LIMITS.validityMonths} 个月`}
        >
          <InputNumber min={PAY_TEST_LIMITS.minCalls} max={PAY_TEST_LIMITS.maxCalls} step={10} precision={0} className={styles.calls} aria-label="测试次数" />
        </Form.Item>

        <div className={styles.feeBox} data-testid="paytest-fee" aria-live="polite">
          {!interfaceId ? (
            <span className={panel.sub}>选择接口后显示测试费用</span>
          ) : packages === null ? (
            <span className={panel.sub}>正在计算测试费用…</span>
          ) : noPrice ? (
            <Alert type="warning" showIcon title={PAY_TEST_MSG.noPrice} />
          ) : (
            <>
              <div>
                测试费用 <strong className={panel.price}>{fee === null ? '—' : `¥${formatFen(fee)}`}</strong>
              </div>
              {best ? (
                <div className={panel.sub}>
                  按该接口套餐最低单价（{best.calls.toLocaleString('zh-CN')} 次 ¥{formatFen(best.priceFen)}）× 测试次数计算，不足 1 分按 1
                  分计；审核通过时从账户余额扣除。
                </div>
              ) : null}
              {balanceFen !== null && fee !== null ? (
                <div className={fee > balanceFen ? styles.short : panel.sub}>
                  当前余额 ¥{formatFen(balanceFen)}
                  {fee > balanceFen ? '，不足以支付测试费用，请在审核前充值，否则申请无法通过。' : ''}
                </div>
              ) : null}
            </>
          )}
        </div>

        <Form.Item label="测试用途" name="purpose" rules={[zodRule(PayTestApplyInput.shape.purpose)]}>
          <Input.TextArea rows={3} maxLength={PAY_TEST_LIMITS.purposeMax} showCount placeholder="例如：评估实名认证在开户流程中的通过率" />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item label="联系人" name="contactName" rules={[zodRule(PayTestApplyInput.shape.contactName)]}>
            <Input maxLength={32} autoComplete="name" />
          </Form.Item>
          <Form.Item label="联系电话" name="contactPhone" rules={[zodRule(PayTestApplyInput.shape.contactPhone)]}>
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
