'use client';
// Sign and encrypt modes (myAccount/encryptSign). A mode that needs material the account lacks
// (the account secret, or a customer public key) is refused with the server's own message; the
// form checks the same needs first so the message appears before the round trip. Saving says
// what the change means for running calls and asks for the login password.
import {
  ENCRYPT_MODE_LABEL,
  ENCRYPT_MODE_NEEDS,
  ENCRYPT_MODES,
  type EncryptSignView,
  KEYS_MSG,
  keysApi,
  type ModeNeed,
  modeChangeEffects,
  SIGN_MODE_LABEL,
  SIGN_MODE_NEEDS,
  SIGN_MODES,
} from '@apimarket/contracts';
import { App, Button, Card, Form, Radio, Tag } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import styles from '../ums.module.css';
import { usePasswordConfirm } from './PasswordConfirm';
import { runKeyChange } from './shared';

interface Props {
  modes: EncryptSignView;
  hasSecret: boolean;
  hasCustomerKey: boolean;
  onSaved: (next: EncryptSignView) => void;
  onQualificationLost: (message: string) => void;
}

const SIGN_FIELD_MSGS: readonly string[] = [KEYS_MSG.signMode, KEYS_MSG.signNeedsSecret, KEYS_MSG.signNeedsCustomerKey];
const ENCRYPT_FIELD_MSGS: readonly string[] = [KEYS_MSG.encryptMode, KEYS_MSG.encryptNeedsSecret, KEYS_MSG.encryptNeedsCustomerKey];

/** The two choices: their modes, what each mode needs, and the server's words when that is missing. */
const MODE_FIELDS: readonly Omit<ModeFieldProps, 'has'>[] = [
  {
    name: 'signMode',
    label: '签名方式',
    modes: SIGN_MODES,
    labels: SIGN_MODE_LABEL,
    needs: SIGN_MODE_NEEDS,
    refusals: { secret: KEYS_MSG.signNeedsSecret, customerKey: KEYS_MSG.signNeedsCustomerKey },
  },
  {
    name: 'encryptMode',
    label: '加密方式',
    modes: ENCRYPT_MODES,
    labels: ENCRYPT_MODE_LABEL,
    needs: ENCRYPT_MODE_NEEDS,
    refusals: { secret: KEYS_MSG.encryptNeedsSecret, customerKey: KEYS_MSG.encryptNeedsCustomerKey },
  },
];

export function ModesCard({ modes, hasSecret, hasCustomerKey, onSaved, onQualificationLost }: Props) {
  const { message } = App.useApp();
  const { ask, dialog } = usePasswordConfirm();
  const [form] = Form.useForm<EncryptSignView>();
  const [saving, setSaving] = useState(false);
  const signMode = Form.useWatch('signMode', form) ?? modes.signMode;
  const encryptMode = Form.useWatch('encryptMode', form) ?? modes.encryptMode;
  const dirty = signMode !== modes.signMode || encryptMode !== modes.encryptMode;

  const has = (need: ModeNeed) => need === 'nothing' || (need === 'secret' ? hasSecret : hasCustomerKey);

  /** Saves with the password; null when done, or the refusal for the dialog. */
  const save = (values: EncryptSignView, password: string) =>
    runKeyChange(
      setSaving,
      onQualificationLost,
      async () => {
        const res = await request(keysApi.encryptSign, { signMode: values.signMode, encryptMode: values.encryptMode, password }, { silent: true });
        message.success(res.msg || KEYS_MSG.modesSaved);
        form.setFieldsValue(res.data);
        onSaved(res.data);
      },
      // A mode refused meanwhile belongs to its field, under the closed dialog.
      (msg) => {
        const field = SIGN_FIELD_MSGS.includes(msg) ? 'signMode' : ENCRYPT_FIELD_MSGS.includes(msg) ? 'encryptMode' : null;
        if (field) form.setFields([{ name: field, errors: [msg] }]);
        return field !== null;
      },
    );

  // The change is spelled out (e.g. unsigned calls will be refused) before the password is asked for.
  const onFinish = (values: EncryptSignView) =>
    ask({
      title: '确认变更签名与加密方式',
      okText: '确认变更',
      effects: (
        <>
          {modeChangeEffects(modes, values).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className={styles.warnText}>变更保存后立即生效，请先确认所有调用方已按新方式部署。</p>
        </>
      ),
      run: (password) => save(values, password),
    });

  return (
    <Card title="签名与加密方式" variant="outlined">
      <p className={styles.cardIntro}>
        签名与加密均为可选项：默认只凭所购接口的 Key 调用，传输由 HTTPS 保护。开启后，调用方需按所选方式签名或加密请求；变更立即生效，并会在消息中心通知。
      </p>
      <Form<EncryptSignView>
        name="ums-modes"
        form={form}
        layout="vertical"
        initialValues={modes}
        onFinish={onFinish}
        className={styles.modesForm}
        data-testid="ums-modes-form"
      >
        {MODE_FIELDS.map((field) => (
          <ModeField key={field.name} {...field} has={has} />
        ))}
        <div className={styles.cardActions}>
          <Button type="primary" htmlType="submit" loading={saving} disabled={saving || !dirty} data-testid="ums-save-modes">
            保存设置
          </Button>
          {dirty ? (
            <Button onClick={() => form.resetFields()} disabled={saving}>
              恢复当前设置
            </Button>
          ) : (
            <span className={styles.fieldHint}>当前设置已生效</span>
          )}
        </div>
      </Form>
      {dialog}
    </Card>
  );
}

interface ModeFieldProps {
  name: keyof EncryptSignView;
  label: string;
  modes: readonly string[];
  labels: Readonly<Record<string, string>>;
  needs: Readonly<Record<string, ModeNeed>>;
  /** The server's words when the chosen mode lacks the secret or the customer key. */
  refusals: { secret: string; customerKey: string };
  has: (need: ModeNeed) => boolean;
}

/** One choice of mode: each option says what it still needs, and choosing one that lacks it is refused in place. */
function ModeField({ name, label, modes, labels, needs, refusals, has }: ModeFieldProps) {
  const missing = (need: ModeNeed) => (has(need) ? null : <Tag className={styles.needTag}>{need === 'secret' ? '需先创建账号密钥' : '需先设置客户公钥'}</Tag>);
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        {
          validator: (_rule, value: string | undefined) => {
            const need = (value && needs[value]) || 'nothing';
            if (has(need)) return Promise.resolve();
            return Promise.reject(new Error(need === 'secret' ? refusals.secret : refusals.customerKey));
          },
        },
      ]}
    >
      <Radio.Group orientation="vertical" className={styles.modeGroup}>
        {modes.map((mode) => (
          <Radio key={mode} value={mode}>
            {labels[mode]}
            {missing(needs[mode] ?? 'nothing')}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
