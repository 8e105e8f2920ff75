'use client';
// New or changed sub-account (accountManagement/save). The rules are the contract's, so the form
// says what the server would; a refusal about a field (the name is taken) shows under it, any
// other is the one error toast. A new one gets its password shown once or an SMS invitation.
import {
  ContactName,
  MOBILE_MAX_LENGTH,
  Mobile,
  type SubAccountRow,
  SubAccountSaveInput,
  type SubAccountSaved,
  subAccountsApi,
  Username,
} from '@apimarket/contracts';
import { AutoComplete, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@/components/user-center/FormDialog';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { PasswordDeliveryField } from './PasswordDialogs';
import { departmentOptions, fieldOf, initialValues, type SubAccountValues, saveInput } from './sub-accounts';

const STALE = [subAccountsApi.list, subAccountsApi.conf, subAccountsApi.subCompanyNames];

export function SubAccountDialog({
  editing,
  open,
  departments,
  inviteHours,
  onClose,
  onSaved,
}: {
  /** The row being changed; null for a new sub-account. */
  editing: SubAccountRow | null;
  open: boolean;
  departments: readonly string[];
  inviteHours: number;
  onClose: () => void;
  onSaved: (saved: SubAccountSaved, msg: string) => void;
}) {
  const [form] = Form.useForm<SubAccountValues>();
  const [typed, setTyped] = useState('');
  const saving = useCallMutation(subAccountsApi.save, { quiet: true, invalidates: STALE });

  const save = async (values: SubAccountValues) => {
    try {
      const res = await saving.mutateAsync(saveInput(values, editing));
      onSaved(res.data, res.msg);
    } catch (err) {
      const msg = serverMessage(err);
      const field = msg ? fieldOf(msg) : null;
      if (msg && field) form.setFields([{ name: field, errors: [msg] }]);
      else toastFailure(err);
    }
  };

  return (
    <FormDialog<SubAccountValues>
      open={open}
      title={editing ? `编辑子账号「${editing.loginName}」` : '新建子账号'}
      width={520}
      okText={editing ? '保 存' : '创 建'}
      saving={saving.isPending}
      form={form}
      name="sub-account"
      initialValues={initialValues(editing)}
      onFinish={save}
      onCancel={onClose}
      hint={editing ? null : '子账号用自己的用户名和密码登录，只能使用分配给它的接口，费用由主账号统一结算。'}
    >
      {editing ? null : (
        <Form.Item name="loginName" label="用户名" required rules={[zodRule(Username)]} extra="用于登录，创建后不能修改">
          <Input placeholder="6-12位，英文开头的英文和数字组合" maxLength={12} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="contacter" label="联系人" required rules={[zodRule(ContactName)]}>
        <Input placeholder="使用该子账号的人" maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label="手机号"
        required={!editing}
        // A change may leave it empty: the current phone is kept (the list only knows it masked).
        rules={[zodRule(editing ? SubAccountSaveInput.shape.mobile : Mobile)]}
        extra={editing ? `当前为 ${editing.mobile}，不修改请留空` : '用于登录验证和接收通知'}
      >
        <Input placeholder={editing ? '留空则不修改' : '请输入手机号'} maxLength={MOBILE_MAX_LENGTH} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item name="subCompanyName" label="部门或子公司" rules={[zodRule(SubAccountSaveInput.shape.subCompanyName)]}>
        <AutoComplete options={departmentOptions(departments, typed)} onSearch={setTyped} placeholder="选填，如 风控部、华东子公司" maxLength={50} allowClear />
      </Form.Item>
      <Form.Item name="companyInfoVisible" label="允许查看企业信息" valuePropName="checked" extra="打开后，子账号可在用户中心查看本企业的认证信息（只读）">
        <Switch />
      </Form.Item>
      {editing ? null : <PasswordDeliveryField inviteHours={inviteHours} label="初始密码方式" />}
    </FormDialog>
  );
}
