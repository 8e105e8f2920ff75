'use client';
// 回调地址 of one purchase: read with myBuy/getSynCallUrl (which also says whether the server
// accepts private addresses), checked with the same contracts rule as the server, saved or
// cleared (empty) with myBuy/updateSynCallUrl.
import { billingApi, CALLBACK_URL_MAX, callbackUrlField, type PurchaseRow, purchasesApi } from '@apimarket/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';

export function CallbackUrlDialog({ purchase, onClose, onSaved }: { purchase: PurchaseRow | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ callbackUrl: string }>();
  const saved = useCall(purchasesApi.callbackUrl, { id: purchase?.id ?? 0 }, { enabled: purchase !== null, quiet: true });
  const allowPrivate = saved.data?.data.allowPrivate ?? false;
  const rule = useMemo(() => zodRule(callbackUrlField(allowPrivate)), [allowPrivate]);
  // The field stays read-only while the saved address is on its way: filled in earlier, what
  // the customer typed would be overwritten by the answer.
  const loaded = !saved.isFetching;
  const savedUrl = saved.data?.data.callbackUrl;

  useEffect(() => {
    if (purchase) form.setFieldsValue({ callbackUrl: savedUrl ?? purchase.callbackUrl });
  }, [purchase, savedUrl, form]);

  // A refusal is shown at the field.
  const saving = useCallMutation(purchasesApi.setCallbackUrl, {
    quiet: true,
    invalidates: [purchasesApi.callbackUrl, billingApi.purchases],
    onSuccess: (res) => {
      message.success(res.msg);
      onSaved();
    },
  });

  const save = ({ callbackUrl }: { callbackUrl: string }) => {
    if (!purchase) return;
    saving.mutateAsync({ id: purchase.id, callbackUrl: callbackUrl.trim() }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'callbackUrl', errors: [msg] }]);
    });
  };

  return (
    <Modal
      open={purchase !== null}
      title={`回调地址 · ${purchase?.interfaceName ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保 存"
      cancelText="取 消"
      okButtonProps={{ loading: saving.isPending, disabled: !loaded }}
      width={560}
    >
      <Alert
        type="info"
        showIcon
        title="异步结果将以 POST 方式推送到该地址"
        description={`仅支持 http:// 或 https:// 开头的公网地址，最长 ${CALLBACK_URL_MAX} 个字符；留空保存即清除回调地址。`}
        style={{ marginBottom: 16 }}
      />
      <Form<{ callbackUrl: string }> form={form} layout="vertical" onFinish={save} initialValues={{ callbackUrl: '' }}>
        <Form.Item label="回调地址" name="callbackUrl" rules={[rule]}>
          <Input placeholder="https://your-domain.com/api/callback" maxLength={CALLBACK_URL_MAX} allowClear aria-label="回调地址" disabled={!loaded} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
