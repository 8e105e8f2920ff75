'use client';
// 驳回 in every console queue: the reason the member will read in their message, checked by the
// server's own rule.
import { CONSOLE_LIMITS, RejectReason } from '@apimarket/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { zodRule } from '@/lib/form-rules';

export function RejectModal({
  open,
  title,
  subject,
  placeholder,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  /** What is rejected, e.g. 「上海某某有限公司」的企业认证. */
  subject: string;
  /** An example reason for this queue, e.g. 营业执照照片不清晰，请上传清晰完整的原件照片. */
  placeholder: string;
  onCancel: () => void;
  /** Resolves when the server accepted the rejection; the dialog stays open when it throws. */
  onSubmit: (reason: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(reason.trim());
      form.resetFields();
    } catch {
      // The caller has shown the server's message; keep what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      width={520}
      destroyOnHidden
    >
      <p>驳回{subject}后，客户会在站内信中看到下面填写的原因，请写清楚客户接下来该怎么做。</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="驳回原因" rules={[zodRule(RejectReason)]} required>
          <Input.TextArea rows={4} maxLength={CONSOLE_LIMITS.reasonMax} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
