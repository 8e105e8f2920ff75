'use client';
// 添加套餐 / 编辑套餐: calls, price in 元 (sent as typed, turned into fen by the shared rule),
// validity and order. A new package goes on sale at once.
import { CATALOGUE_LIMITS, type CataloguePackage, consoleCatalogueApi, PackageSaveInput } from '@apimarket/contracts';
import { Alert, App, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useReload } from '@/components/console/ConsoleContext';
import { EditorModal, useRefusal } from '@/components/console/EditorModal';
import { useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './catalogue.module.css';

/** A package change moves the interface's price from: its editor and the list reload. */
export const PACKAGE_CHANGES = [consoleCatalogueApi.interface, consoleCatalogueApi.interfaces] as const;

interface Values {
  calls: number | null;
  price: string;
  validityDays: number | null;
  sort: number | null;
}

const S = PackageSaveInput.shape;
const FIELD_OF: Array<[string, keyof Values]> = [
  ['调用次数', 'calls'],
  ['套餐价格', 'price'],
  ['请输入正确的套餐价格', 'price'],
  ['有效期', 'validityDays'],
  ['排序值', 'sort'],
];
const packageFieldOf = (msg: string) => FIELD_OF.find(([word]) => msg.startsWith(word))?.[1];

export function PackageModal({
  open,
  interfaceId,
  pkg,
  onClose,
  onSaved,
}: {
  open: boolean;
  interfaceId: number;
  /** null: a new package. */
  pkg: CataloguePackage | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reload = useReload();
  const saving = useCallMutation(consoleCatalogueApi.savePackage, { quiet: true });
  const { error, clear, refused } = useRefusal(form, packageFieldOf);

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    form.setFieldsValue(
      pkg
        ? { calls: pkg.calls, price: (pkg.priceFen / 100).toFixed(2), validityDays: pkg.validityDays, sort: pkg.sort }
        : { calls: null, price: '', validityDays: 365, sort: null },
    );
  }, [open, pkg, form, clear]);

  const submit = async (v: Values) => {
    clear();
    try {
      const res = await saving.mutateAsync({
        id: pkg?.id,
        interfaceId,
        calls: v.calls ?? '',
        price: v.price,
        validityDays: v.validityDays ?? '',
        sort: v.sort ?? '',
      });
      if (res.data.changed) message.success(res.msg);
      else message.info(res.msg);
      onSaved();
      reload(...PACKAGE_CHANGES);
    } catch (err) {
      refused(err);
    }
  };

  return (
    <EditorModal
      open={open}
      title={pkg ? '编辑套餐' : '添加套餐'}
      width={480}
      saving={saving.isPending}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      {pkg ? (
        <Alert type="warning" showIcon title="修改后新订单按新套餐计价；已购的次数不变，用它自动续费的客户会收到站内信。" className={styles.alert} />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="调用次数" name="calls" rules={[zodRule(S.calls)]}>
          <InputNumber min={1} max={CATALOGUE_LIMITS.callsMax} precision={0} step={1000} className={styles.number} />
        </Form.Item>
        <Form.Item label="价格（元）" name="price" rules={[zodRule(S.price)]} extra="最多两位小数，如 300 或 2999.50">
          <Input prefix="¥" inputMode="decimal" maxLength={12} className={styles.number} />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item label="有效期（天）" name="validityDays" rules={[zodRule(S.validityDays)]}>
            <InputNumber min={1} max={CATALOGUE_LIMITS.validityMax} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item label="排序值" name="sort" rules={[zodRule(S.sort)]} extra={pkg ? '越小越靠前' : '不填则排在最后'}>
            <InputNumber min={0} max={CATALOGUE_LIMITS.sortMax} precision={0} className={styles.number} />
          </Form.Item>
        </div>
      </Form>
    </EditorModal>
  );
}
