'use client';
// 新建供应商 / 编辑供应商: name, the limits of calls at once and waiting, enabled or not, a remark —
// each field checked by the contracts' rule before it is sent; the server's refusal of a field
// (a taken name) shows under that field.
import { consoleSuppliersApi, SUPPLIER_LIMITS, SUPPLIER_MSG, type SupplierRow, SupplierSaveInput, type SupplierStatus } from '@apimarket/contracts';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { useReload } from '@/components/console/ConsoleContext';
import { EditorModal, useRefusal } from '@/components/console/EditorModal';
import { useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './suppliers.module.css';

interface Values {
  name: string;
  maxConcurrent: number | null;
  maxQueue: number | null;
  status: SupplierStatus;
  remark: string;
}

const S = SupplierSaveInput.shape;
const L = SUPPLIER_LIMITS;

/** The field a server message is about, if any. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === SUPPLIER_MSG.name || msg.startsWith('供应商「')) return 'name';
  if (msg === SUPPLIER_MSG.maxConcurrent) return 'maxConcurrent';
  if (msg === SUPPLIER_MSG.maxQueue) return 'maxQueue';
  if (msg === SUPPLIER_MSG.status) return 'status';
  if (msg === SUPPLIER_MSG.remark) return 'remark';
  return null;
}

export function SupplierModal({ open, supplier, onClose }: { open: boolean; supplier: SupplierRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reload = useReload();
  const saving = useCallMutation(consoleSuppliersApi.save, { quiet: true });
  const { error, clear, refused } = useRefusal(form, fieldOf);

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    form.setFieldsValue(
      supplier
        ? { name: supplier.name, maxConcurrent: supplier.maxConcurrent, maxQueue: supplier.maxQueue, status: supplier.status, remark: supplier.remark }
        : { name: '', maxConcurrent: 10, maxQueue: 20, status: 'enabled', remark: '' },
    );
  }, [open, supplier, form, clear]);

  const submit = async (v: Values) => {
    clear();
    try {
      const res = await saving.mutateAsync({
        id: supplier?.id,
        name: v.name,
        maxConcurrent: v.maxConcurrent ?? '',
        maxQueue: v.maxQueue ?? '',
        status: v.status,
        remark: v.remark ?? '',
      });
      void message.success(res.msg);
      onClose();
      reload(consoleSuppliersApi.list, consoleSuppliersApi.routes);
    } catch (err) {
      refused(err);
    }
  };

  return (
    <EditorModal
      open={open}
      title={supplier ? '编辑供应商' : '新建供应商'}
      width={520}
      saving={saving.isPending}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="供应商名称" name="name" rules={[zodRule(S.name)]}>
          <Input maxLength={L.nameMax} showCount placeholder="如 甲数据科技" />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item label="并发上限" name="maxConcurrent" rules={[zodRule(S.maxConcurrent)]} extra="同时发往该供应商的调用数">
            <InputNumber min={1} max={L.concurrentMax} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item label="排队上限" name="maxQueue" rules={[zodRule(S.maxQueue)]} extra="并发占满时最多等待的调用数">
            <InputNumber min={0} max={L.queueMax} precision={0} className={styles.number} />
          </Form.Item>
        </div>
        <Form.Item label="状态" name="status" rules={[zodRule(S.status)]} extra="停用后该供应商的线路都不再调用">
          <Radio.Group
            options={[
              { value: 'enabled', label: '启用' },
              { value: 'disabled', label: '停用' },
            ]}
          />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(S.remark)]}>
          <Input.TextArea rows={2} maxLength={L.remarkMax} showCount placeholder="合同、联系人等，选填" />
        </Form.Item>
      </Form>
    </EditorModal>
  );
}
