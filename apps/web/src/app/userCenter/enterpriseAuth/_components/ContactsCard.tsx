'use client';
// The business contact kept with the enterprise authentication (queryContacts / postRepresent):
// who the platform's account manager calls about this company.
import { ContactsInput } from '@apimarket/contracts';
import { App, Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../../../lib/api/client';
import { serverMessage } from '../../../../lib/api/errors';
import { zodRule } from '../../../../lib/form-rules';
import styles from './enterprise-auth.module.css';

interface Contacts {
  contacter: string;
  contactMobile: string;
  email?: string;
  position?: string;
}

export function ContactsCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Contacts>();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    request<{ data: Contacts }>('myAccount/queryContacts')
      .then((res) => {
        form.setFieldsValue({ ...res.data, email: res.data.email ?? '', position: res.data.position ?? '' });
        setState('ready');
      })
      .catch(() => setState('failed'));
  }, [form]);

  const save = async (values: Contacts) => {
    setSaving(true);
    try {
      const res = await request<{ msg: string }>('memberShip/postRepresent', { encrypt: true, data: { ...values } });
      message.success(res.msg);
    } catch (err) {
      const msg = serverMessage(err);
        if (msg) message.error(msg);
    } finally {
      setSaving(false);
    }
  };

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
        <Button htmlType="submit" loading={saving}>
          保存联系人
        </Button>
      </Form>
    </Card>
  );
}
