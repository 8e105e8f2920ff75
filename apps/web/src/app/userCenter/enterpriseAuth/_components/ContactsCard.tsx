'use client';
// The business contact kept with the enterprise authentication (queryContacts / postRepresent):
// who the platform's account manager calls about this company.
import { type BusinessContact, ContactsInput, qualificationApi } from '@apimarket/contracts';
import { App, Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './enterprise-auth.module.css';

export function ContactsCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<BusinessContact>();
  // The card says when it cannot load: no toast as well.
  const contacts = useCall(qualificationApi.contacts, undefined, { quiet: true });
  const saving = useCallMutation(qualificationApi.saveContacts, { onSuccess: (res) => void message.success(res.msg) });
  const state = contacts.data ? 'ready' : contacts.isPending ? 'loading' : 'failed';

  const loaded = contacts.data?.data;
  useEffect(() => {
    if (loaded) form.setFieldsValue({ ...loaded, email: loaded.email ?? '', position: loaded.position ?? '' });
  }, [form, loaded]);

  // A refusal is told by the one error toast.
  const save = (values: BusinessContact) => saving.mutateAsync({ ...values }).catch(() => undefined);

  return (
    <Card title="业务联系人" className={styles.contacts}>
      {state === 'loading' ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {state === 'failed' ? <p className={styles.muted}>联系人信息暂时无法加载，请稍后刷新重试。</p> : null}
      <Form form={form} layout="vertical" onFinish={save} hidden={state !== 'ready'} className={styles.contactsForm}>
        <Form.Item label="联系人" name="contacter" rules={[zodRule(ContactsInput.shape.contacter)]} required>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item label="联系电话" name="contactMobile" rules={[zodRule(ContactsInput.shape.contactMobile)]} required>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(ContactsInput.shape.email)]}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item label="职务" name="position" rules={[zodRule(ContactsInput.shape.position)]}>
          <Input maxLength={32} placeholder="如：技术负责人" />
        </Form.Item>
        <Button htmlType="submit" loading={saving.isPending}>
          保存联系人
        </Button>
      </Form>
    </Card>
  );
}
