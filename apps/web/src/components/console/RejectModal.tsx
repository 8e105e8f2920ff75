'use client';
// 驳回 in every console queue: the reason the member will read in their message, checked by the
// server's own rule.
import { CONSOLE_LIMITS, RejectReason } from '@apimarket/contracts';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/form-rules';
import { FormDialog } from './FormDialog';

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
  return (
    <FormDialog<{ reason: string }>
      open={open}
      title={title}
      okText="确认驳回"
      danger
      intro={`驳回${subject}后，客户会在站内信中看到下面填写的原因，请写清楚客户接下来该怎么做。`}
      onCancel={onCancel}
      onSubmit={({ reason }) => onSubmit(reason.trim())}
    >
      <Form.Item name="reason" label="驳回原因" rules={[zodRule(RejectReason)]} required>
        <Input.TextArea rows={4} maxLength={CONSOLE_LIMITS.reasonMax} showCount placeholder={placeholder} />
      </Form.Item>
    </FormDialog>
  );
}
