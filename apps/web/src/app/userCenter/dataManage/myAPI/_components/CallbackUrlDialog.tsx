'use client';
// 回调地址 of one purchase: read with myBuy/getSynCallUrl (which also says whether the server
// accepts private addresses), checked with the same contracts rule as the server, saved or
// cleared (empty) with myBuy/updateSynCallUrl.
import { CALLBACK_URL_MAX, callbackUrlField, type PurchaseRow } from '@apimarket/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { serverMessage } from '../../../../../lib/api/errors';
import { zodRule } from '../../../../../lib/form-rules';

export function CallbackUrlDialog({ purchase, onClose, onSaved }: { purchase: PurchaseRow | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ callbackUrl: string }>();
  const [allowPrivate, setAllowPrivate] = useState(false);
  const [saving, setSaving] = useState(false);
  const rule = useMemo(() => zodRule(callbackUrlField(allowPrivate)), [allowPrivate]);

  // The field stays read-only until the saved address has arrived: filled in earlier, what the
  // customer typed would be overwritten by the answer.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!purchase) return;
    setLoaded(false);
    form.setFieldsValue({ callbackUrl: purchase.callbackUrl });
    request<{ data: { callbackUrl: string; allowPrivate: boolean } }>('myBuy/getSynCallUrl', { data: { id: purchase.id } })
      .then((r) => {
        setAllowPrivate(r.data.allowPrivate);
        form.setFieldsValue({ callbackUrl: r.data.callbackUrl });
      })
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [purchase, form]);

  const save = async ({ callbackUrl }: { callbackUrl: string }) => {
    if (!purchase) return;
    setSaving(true);
    try {
      const res = await request<{ msg: string }>('myBuy/updateSynCallUrl', { data: { id: purchase.id, callbackUrl: callbackUrl.trim() } });
      message.success(res.msg);
      onSaved();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'callbackUrl', errors: [msg] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={purchase !== null}
      title={`回调地址 · ${purchase?.interfaceName ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保 存"
      cancelText="取 消"
      okButtonProps={{ loading: saving, disabled: !loaded }}
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
