'use client';
// 预警联系人 (myWarn/selectWarnContact with pageSize 9999, addWarnContact, deleteWarnContact,
// sendVerifyCode, verifyWarnContact): the list with each phone's verification state; adding a
// contact with the SMS code saves it verified, without one it waits for 验证. Codes need the
// image captcha first and 60 s between them (Decision 18).
import { AddContactInput, ALERT_LIMITS, type AlertContactRow, alertsApi, MOBILE_MAX_LENGTH, VerifyContactInput } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { CodeField, SmsCodeInput, useSmsCode } from '@/components/user-center/CodeField';
import { FormDialog } from '@/components/user-center/FormDialog';
import { ListTable, unpaged } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import type { SendWithCaptcha } from '@/components/user-center/SmsCaptchaModal';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { dateTime } from '@/lib/format';
import styles from './contacts.module.css';

interface AddValues {
  name: string;
  phone: string;
  email?: string;
  smsCode?: string;
}

const FIELD = AddContactInput.shape;

const sendCode =
  (target: { phone: string } | { id: number }): SendWithCaptcha =>
  async ({ code, uuid }) =>
    (await request(alertsApi.sendContactCode, { ...target, captcha: code, uuid })).msg;

function fieldOf(msg: string): keyof AddValues | null {
  if (msg.includes('手机号')) return 'phone';
  if (msg.includes('验证码')) return 'smsCode';
  if (msg.includes('邮箱')) return 'email';
  if (msg.includes('姓名')) return 'name';
  return null;
}

/** The spec's contact list is asked whole: pageSize 9999. */
const WHOLE_LIST = { pageIndex: 1, pageSize: ALERT_LIMITS.contactPageSizeMax };
const STALE = [alertsApi.contacts];

export function AlertContacts() {
  const { message } = App.useApp();
  const list = useCall(alertsApi.contacts, WHOLE_LIST, { quiet: true, silent: true });
  const rows = list.data?.rows;
  // The dialogs show a refusal under its field: no toast for those.
  const addition = useCallMutation(alertsApi.addContact, { quiet: true, invalidates: STALE });
  const verification = useCallMutation(alertsApi.verifyContact, { quiet: true, invalidates: STALE });
  const removal = useCallMutation(alertsApi.deleteContact, { invalidates: STALE, onSuccess: (res) => void message.success(res.msg) });
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<AlertContactRow | null>(null);
  const [formError, setFormError] = useState('');
  const [addForm] = Form.useForm<AddValues>();
  const [verifyForm] = Form.useForm<{ smsCode: string }>();
  const sms = useSmsCode();
  const saving = addition.isPending || verification.isPending;

  const askCode = async () => {
    try {
      await addForm.validateFields(['phone']);
    } catch {
      return;
    }
    const phone = String(addForm.getFieldValue('phone') ?? '').trim();
    sms.ask(phone, sendCode({ phone }));
  };

  const add = async (values: AddValues) => {
    setFormError('');
    try {
      const res = await addition.mutateAsync({
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email?.trim() ?? '',
        smsCode: values.smsCode?.trim() ?? '',
      });
      message.success(res.msg);
      setAdding(false);
      sms.countdown.reset();
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = fieldOf(msg);
      if (field) addForm.setFields([{ name: field, errors: [msg] }]);
      else setFormError(msg);
    }
  };

  const verify = async ({ smsCode }: { smsCode: string }) => {
    if (!verifying) return;
    try {
      const res = await verification.mutateAsync({ id: verifying.id, smsCode: smsCode.trim() });
      message.success(res.msg);
      setVerifying(null);
      sms.countdown.reset();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) verifyForm.setFields([{ name: 'smsCode', errors: [msg] }]);
    }
  };

  // A refused removal: the toast says why, and the list is read again in case it changed.
  const remove = (id: number) => removal.mutateAsync({ id }).catch(() => list.refetch());

  const columns: TableColumnsType<AlertContactRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '手机号', dataIndex: 'phone', key: 'phone' },
    { title: '邮箱', key: 'email', render: (_, r) => r.email || '—' },
    {
      title: '状态',
      key: 'verified',
      render: (_, r) => (r.verified ? <Tag color="success">已验证</Tag> : <Tag color="warning">待验证</Tag>),
    },
    { title: '添加时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          {r.verified ? null : (
            <Button
              type="link"
              size="small"
              onClick={() => {
                verifyForm.resetFields();
                setVerifying(r);
              }}
            >
              验证
            </Button>
          )}
          <Popconfirm title={`删除联系人「${r.name}」？删除后不再向其发送预警。`} okText="删 除" cancelText="取 消" onConfirm={() => remove(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const count = rows?.length ?? 0;

  return (
    <div className={panel.pageLoose}>
      <Card
        title="预警联系人"
        extra={
          <Button
            type="primary"
            size="small"
            disabled={count >= ALERT_LIMITS.maxContacts}
            onClick={() => {
              addForm.resetFields();
              setFormError('');
              setAdding(true);
            }}
            data-testid="contact-add"
          >
            新增联系人
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          className={panel.notice}
          title={`用量预警会以短信和邮件发送给手机号已验证的联系人（最多 ${ALERT_LIMITS.maxContacts} 位）；待验证的联系人不会收到任何预警。`}
        />
        <ListTable<AlertContactRow>
          rowKey="id"
          columns={columns}
          list={unpaged(list)}
          failedText="预警联系人暂时无法读取，请稍后刷新重试"
          scrollX={720}
          empty={<Empty description="还没有预警联系人：添加并验证手机号后，用量预警会通过短信和邮件通知到他" />}
        />
      </Card>

      <FormDialog
        open={adding}
        title="新增预警联系人"
        width={480}
        saving={saving}
        form={addForm}
        name="contact-add"
        onFinish={add}
        onValuesChange={() => setFormError('')}
        onCancel={() => setAdding(false)}
      >
        <Form.Item name="name" label="姓名" required rules={[zodRule(FIELD.name)]}>
          <Input placeholder="请输入联系人姓名" maxLength={ALERT_LIMITS.contactNameMax} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" required rules={[zodRule(FIELD.phone)]}>
          <Input placeholder="请输入手机号" maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="email" label="邮箱（选填）" rules={[zodRule(FIELD.email)]}>
          <Input placeholder="用于接收预警邮件" maxLength={254} autoComplete="email" />
        </Form.Item>
        <CodeField
          label="短信验证码"
          htmlFor="contact-add_smsCode"
          extra="填写验证码即完成验证；也可稍后在列表中验证。"
          name="smsCode"
          rules={[zodRule(FIELD.smsCode)]}
          input={<SmsCodeInput />}
          countdown={sms.countdown}
          onSend={() => void askCode()}
          testId="contact-get-code"
          buttonClassName={styles.codeButton}
        />
        {formError ? <Alert type="error" showIcon title={formError} /> : null}
      </FormDialog>

      <FormDialog
        open={verifying !== null}
        title="验证联系人手机号"
        width={440}
        okText="验 证"
        saving={saving}
        form={verifyForm}
        name="contact-verify"
        onFinish={verify}
        onCancel={() => setVerifying(null)}
        hint={
          <>
            验证码将发送至 {verifying?.name} 的手机 {verifying?.phone}，验证通过后该联系人开始接收预警。
          </>
        }
      >
        <CodeField
          label="短信验证码"
          required
          htmlFor="contact-verify_smsCode"
          name="smsCode"
          rules={[zodRule(VerifyContactInput.shape.smsCode)]}
          input={<SmsCodeInput />}
          countdown={sms.countdown}
          onSend={() => verifying && sms.ask(verifying.phone, sendCode({ id: verifying.id }))}
          testId="contact-verify-code"
          buttonClassName={styles.codeButton}
        />
      </FormDialog>

      {sms.dialog}
    </div>
  );
}
