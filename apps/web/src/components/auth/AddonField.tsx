'use client';
// A form row whose input has something beside it: the captcha image, or the get-code button.
// The outer item carries the label (bound to the input's id), the inner one the value and rules.
import { Form, type FormRule, Input, type InputProps } from 'antd';
import styles from './auth.module.css';

export function AddonField({
  form,
  name,
  label,
  rules,
  addon,
  ...input
}: { form: string; name: string; label: string; rules?: FormRule[]; addon: React.ReactNode } & Omit<InputProps, 'name' | 'form'>) {
  return (
    <Form.Item label={label} required htmlFor={`${form}_${name}`}>
      <div className={styles.addonRow}>
        <Form.Item name={name} noStyle rules={rules}>
          <Input {...input} />
        </Form.Item>
        {addon}
      </div>
    </Form.Item>
  );
}
