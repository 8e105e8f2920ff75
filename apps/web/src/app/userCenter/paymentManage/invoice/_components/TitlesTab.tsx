'use client';
// 发票抬头: the company's invoice titles — add, edit, delete, one default (preselected when
// requesting). 增值税专用发票 needs every buyer detail and only the authenticated company's own
// name and credit code; the server checks it, the form says it first.
import { INVOICE_LIMITS, INVOICE_MSG, INVOICE_TYPE_LABEL, InvoiceTitleInput, type InvoiceTitleRow, invoicesApi, type InvoiceType } from '@apimarket/contracts';
import { Alert, App, Button, Checkbox, Descriptions, Empty, Form, Input, Modal, Popconfirm, Radio, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './invoice.module.css';

type Values = {
  type: InvoiceType;
  companyName: string;
  taxNo: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  isDefault: boolean;
};

const FIELD_OF: Array<[string, keyof Values]> = [
  ['纳税人识别号', 'taxNo'],
  ['统一社会信用代码', 'taxNo'],
  ['抬头', 'companyName'],
  ['企业名称', 'companyName'],
  ['地址', 'address'],
  ['电话', 'phone'],
  ['开户银行', 'bankName'],
  ['银行账号', 'bankAccount'],
];

export function TitlesTab() {
  const { message } = App.useApp();
  const titles = useCall(invoicesApi.titles, undefined, { quiet: true });
  const rows = titles.data?.rows ?? [];
  const [editing, setEditing] = useState<InvoiceTitleRow | 'new' | null>(null);
  const after = { invalidates: [invoicesApi.titles], onSuccess: (res: { msg: string }) => void message.success(res.msg) };
  const remove = useCallMutation(invoicesApi.deleteTitle, after);
  const makeDefault = useCallMutation(invoicesApi.setDefaultTitle, after);

  return (
    <div className={styles.tab}>
      <div className={styles.bar}>
        <span className={styles.sub}>最多 {INVOICE_LIMITS.titlesMax} 个抬头；增值税专用发票仅限已认证企业，抬头和纳税人识别号须与企业认证信息一致。</span>
        <Button type="primary" onClick={() => setEditing('new')} disabled={rows.length >= INVOICE_LIMITS.titlesMax}>
          新增抬头
        </Button>
      </div>
      {titles.isError && !titles.data ? (
        <Empty description="发票抬头暂时无法加载，请稍后刷新重试" />
      ) : titles.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty description="还没有发票抬头，点击「新增抬头」添加" />
      ) : (
        // Cards rather than a wide table: every detail and action stays in view on a phone.
        <ul className={styles.titles} data-testid="invoice-titles">
          {rows.map((r) => (
            <li key={r.id} className={styles.titleCard} data-testid="invoice-title">
              <div className={styles.titleHead}>
                <span className={styles.titleName}>{r.companyName}</span>
                {r.isDefault ? <Tag color="blue">默认</Tag> : null}
              </div>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'type', label: '发票类型', children: r.typeLabel },
                  { key: 'tax', label: '纳税人识别号', children: r.taxNo },
                  { key: 'addr', label: '地址、电话', children: `${r.address} ${r.phone}`.trim() || '—' },
                  { key: 'bank', label: '开户行及账号', children: `${r.bankName} ${r.bankAccount}`.trim() || '—' },
                ]}
              />
              <Space size={0} wrap className={styles.titleActions}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                {r.isDefault ? null : (
                  <Button type="link" size="small" onClick={() => makeDefault.mutate({ id: r.id })}>
                    设为默认
                  </Button>
                )}
                <Popconfirm
                  title="删除该发票抬头？"
                  description="已提交的开票申请保留申请时的抬头信息。"
                  okText="删除"
                  onConfirm={() => remove.mutateAsync({ id: r.id })}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            </li>
          ))}
        </ul>
      )}
      <TitleDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        first={rows.length === 0}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function TitleDialog({ editing, first, onClose }: { editing: InvoiceTitleRow | 'new' | null; first: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? (editing && editing !== 'new' ? editing.type : 'normal');
  const special = type === 'special';
  const saving = useCallMutation(invoicesApi.saveTitle, { quiet: true, invalidates: [invoicesApi.titles] });
  const initial: Values =
    editing && editing !== 'new'
      ? { ...editing, isDefault: editing.isDefault }
      : { type: 'normal', companyName: '', taxNo: '', address: '', phone: '', bankName: '', bankAccount: '', isDefault: first };

  const save = async () => {
    const v = await form.validateFields();
    try {
      const res = await saving.mutateAsync({
        ...(editing && editing !== 'new' ? { id: String(editing.id) } : {}),
        type: v.type,
        companyName: v.companyName,
        taxNo: v.taxNo,
        address: v.address ?? '',
        phone: v.phone ?? '',
        bankName: v.bankName ?? '',
        bankAccount: v.bankAccount ?? '',
        isDefault: v.isDefault ? '1' : '',
      });
      message.success(res.msg);
      onClose();
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = FIELD_OF.find(([word]) => msg.includes(word))?.[1];
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else message.error(msg);
    }
  };

  // A special invoice's details are required: the same rule the server applies.
  const specialRule = (msg: string) => ({ required: special, whitespace: true, message: msg });
  const shape = InvoiceTitleInput.shape;

  return (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? '新增发票抬头' : '编辑发票抬头'}
      okText="保存"
      onOk={() => void save()}
      confirmLoading={saving.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={initial} className={styles.dialog}>
        <Form.Item label="发票类型" name="type" rules={[zodRule(shape.type)]}>
          <Radio.Group
            options={(['normal', 'special'] as const).map((t) => ({ value: t, label: INVOICE_TYPE_LABEL[t] }))}
            optionType="button"
            buttonStyle="solid"
          />
        </Form.Item>
        {special ? (
          <Alert className={styles.notice} type="info" showIcon title="专用发票的抬头和纳税人识别号须与企业认证的企业名称、统一社会信用代码一致" />
        ) : null}
        <Form.Item label="发票抬头（单位名称）" name="companyName" rules={[zodRule(shape.companyName)]} required>
          <Input maxLength={100} placeholder="与营业执照一致的单位名称" />
        </Form.Item>
        <Form.Item label="纳税人识别号" name="taxNo" rules={[zodRule(shape.taxNo)]} required>
          <Input maxLength={18} placeholder="18位统一社会信用代码" />
        </Form.Item>
        <Form.Item label="注册地址" name="address" rules={[specialRule(INVOICE_MSG.address), zodRule(shape.address)]}>
          <Input maxLength={100} placeholder={special ? '' : '选填'} />
        </Form.Item>
        <Form.Item label="注册电话" name="phone" rules={[specialRule(INVOICE_MSG.phone), zodRule(shape.phone)]}>
          <Input maxLength={20} placeholder={special ? '如 021-12345678' : '选填，如 021-12345678'} />
        </Form.Item>
        <Form.Item label="开户银行" name="bankName" rules={[specialRule(INVOICE_MSG.bankName), zodRule(shape.bankName)]}>
          <Input maxLength={60} placeholder={special ? '' : '选填'} />
        </Form.Item>
        <Form.Item label="银行账号" name="bankAccount" rules={[specialRule(INVOICE_MSG.bankAccount), zodRule(shape.bankAccount)]}>
          <Input maxLength={40} inputMode="numeric" placeholder={special ? '' : '选填'} />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>设为默认抬头</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
