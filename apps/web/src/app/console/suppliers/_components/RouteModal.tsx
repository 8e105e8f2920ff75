'use client';
// 新增线路 / 编辑线路: the supplier, its address and credentials (write-only: blank on edit keeps the
// saved ones, or 清除已保存凭证 drops them), its time limit, order and price, and the renames
// between the platform's and the supplier's names. Each field is checked by the contracts' whole
// RouteSaveInput — the rule the server applies — so the form and the API never disagree.
import { consoleSuppliersApi, type RouteRow, RouteSaveInput, SUPPLIER_LIMITS, SUPPLIER_MSG, type SupplierRow } from '@apimarket/contracts';
import { App, Checkbox, Form, type FormRule, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useReload } from '@/components/console/ConsoleContext';
import { EditorModal, useRefusal } from '@/components/console/EditorModal';
import { useCallMutation } from '@/lib/api/query';
import styles from './suppliers.module.css';

interface Values {
  supplierId: number | null;
  endpoint: string;
  credentials: string;
  clearCredentials: boolean;
  timeoutMs: number | null;
  priority: number | null;
  weight: number | null;
  costYuan: string;
  paramMap: string;
  fieldMap: string;
  codeMap: string;
  enabled: boolean;
}

const L = SUPPLIER_LIMITS;
const M = SUPPLIER_MSG;

/** What the form sends: a number left empty travels as '' and fails its own rule. */
function toInput(v: Partial<Values>, interfaceId: number, id: number | undefined) {
  return {
    id,
    interfaceId,
    supplierId: v.supplierId ?? '',
    endpoint: v.endpoint ?? '',
    // Clearing sends no new ones, whatever was typed before the box was ticked.
    credentials: v.clearCredentials ? '' : (v.credentials ?? ''),
    clearCredentials: v.clearCredentials ?? false,
    timeoutMs: v.timeoutMs ?? '',
    priority: v.priority ?? '',
    weight: v.weight ?? '',
    costYuan: v.costYuan ?? '',
    paramMap: v.paramMap ?? '',
    fieldMap: v.fieldMap ?? '',
    codeMap: v.codeMap ?? '',
    enabled: v.enabled ?? false,
  };
}

/** A field's rule: the whole input parsed as the server parses it, this field's first message. */
function routeRule(field: keyof Values, interfaceId: number): FormRule {
  return ({ getFieldsValue }) => ({
    validator: (_rule, value: unknown) => {
      const all = { ...(getFieldsValue(true) as Partial<Values>), [field]: value };
      const result = RouteSaveInput.safeParse(toInput(all, interfaceId, undefined));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });
}

/** The field a server message is about, if any. */
function fieldOf(msg: string): keyof Values | null {
  if (msg === M.supplierMissing || msg === M.duplicateRoute) return 'supplierId';
  if (msg === M.endpoint) return 'endpoint';
  if (msg === M.credentials || msg.startsWith('请求头 ')) return 'credentials';
  if (msg === M.timeout) return 'timeoutMs';
  if (msg === M.priority) return 'priority';
  if (msg === M.weight) return 'weight';
  if (msg === M.cost) return 'costYuan';
  if (msg === M.map('参数映射')) return 'paramMap';
  if (msg === M.map('字段映射')) return 'fieldMap';
  if (msg === M.codeMap) return 'codeMap';
  return null;
}

const EMPTY: Values = {
  supplierId: null,
  endpoint: '',
  credentials: '',
  clearCredentials: false,
  timeoutMs: 3000,
  priority: 1,
  weight: 100,
  costYuan: '',
  paramMap: '',
  fieldMap: '',
  codeMap: '',
  enabled: true,
};

export function RouteModal({
  open,
  interfaceId,
  route,
  suppliers,
  onClose,
}: {
  open: boolean;
  interfaceId: number;
  /** null: a new route. */
  route: RouteRow | null;
  suppliers: SupplierRow[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reload = useReload();
  const saving = useCallMutation(consoleSuppliersApi.saveRoute, { quiet: true });
  const { error, clear, refused } = useRefusal(form, fieldOf);
  const clearing = Form.useWatch('clearCredentials', form);
  const hasSaved = Boolean(route?.credentialNames.length);

  useEffect(() => {
    if (!open) return;
    clear();
    form.resetFields();
    form.setFieldsValue(
      route
        ? {
            supplierId: route.supplierId,
            endpoint: route.endpoint,
            credentials: '',
            clearCredentials: false,
            timeoutMs: route.timeoutMs,
            priority: route.priority,
            weight: route.weight,
            costYuan: route.costYuan,
            paramMap: route.paramMap,
            fieldMap: route.fieldMap,
            codeMap: route.codeMap,
            enabled: route.enabled,
          }
        : EMPTY,
    );
  }, [open, route, form, clear]);

  const submit = async (v: Values) => {
    clear();
    try {
      const res = await saving.mutateAsync(toInput(v, interfaceId, route?.id));
      void message.success(res.msg);
      onClose();
      reload(consoleSuppliersApi.routes, consoleSuppliersApi.list);
    } catch (err) {
      refused(err);
    }
  };

  const rule = (field: keyof Values) => [routeRule(field, interfaceId)];
  return (
    <EditorModal
      open={open}
      title={route ? '编辑线路' : '新增线路'}
      width={720}
      saving={saving.isPending}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <div className={styles.pair}>
          <Form.Item label="供应商" name="supplierId" rules={rule('supplierId')}>
            <Select<number>
              placeholder="选择供应商"
              disabled={route !== null}
              options={suppliers.map((s) => ({ value: s.id, label: s.status === 'enabled' ? s.name : `${s.name}（已停用）` }))}
            />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用的线路保留配置，但网关不调用">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
        </div>
        <Form.Item label="接口地址" name="endpoint" rules={rule('endpoint')}>
          <Input maxLength={L.endpointMax} placeholder="https://api.example.com/v1/verify" inputMode="url" />
        </Form.Item>
        <Form.Item
          label="凭证"
          name="credentials"
          rules={rule('credentials')}
          extra={
            hasSaved ? `已保存：${route?.credentialNames.join('、')}（只显示名称）。填写新凭证将整体替换。` : '以请求头发给供应商，保存后只显示名称，不再显示值'
          }
        >
          <Input.TextArea
            rows={2}
            className={styles.mono}
            disabled={Boolean(clearing)}
            placeholder="每行一个请求头，如 X-Api-Key: …；编辑时留空则保留已保存的凭证"
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        {hasSaved ? (
          <Form.Item name="clearCredentials" valuePropName="checked">
            <Checkbox>清除已保存凭证</Checkbox>
          </Form.Item>
        ) : null}
        <div className={styles.quad}>
          <Form.Item label="超时（毫秒）" name="timeoutMs" rules={rule('timeoutMs')}>
            <InputNumber min={L.timeoutMinMs} max={L.timeoutMaxMs} precision={0} step={500} className={styles.number} />
          </Form.Item>
          <Form.Item label="优先级" name="priority" rules={rule('priority')} tooltip="1 最先调用">
            <InputNumber min={1} max={L.priorityMax} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item label="权重" name="weight" rules={rule('weight')} tooltip="同一优先级内按权重分配调用">
            <InputNumber min={1} max={L.weightMax} precision={0} className={styles.number} />
          </Form.Item>
          <Form.Item label="单次成本（元）" name="costYuan" rules={rule('costYuan')}>
            <Input inputMode="decimal" maxLength={10} placeholder="如 0.035" />
          </Form.Item>
        </div>
        <div className={styles.pair}>
          <Form.Item label="参数映射" name="paramMap" rules={rule('paramMap')} extra="平台参数名=供应商参数名，不填则原样发送">
            <Input.TextArea rows={3} className={styles.mono} placeholder={'每行一条「原名=新名」，如\nmobile=phone\nidcard=id_no'} spellCheck={false} />
          </Form.Item>
          <Form.Item label="字段映射" name="fieldMap" rules={rule('fieldMap')} extra="供应商返回字段名=平台字段名，不填则原样返回">
            <Input.TextArea rows={3} className={styles.mono} placeholder={'每行一条「原名=新名」，如\nmatch_result=result\noperator=isp'} spellCheck={false} />
          </Form.Item>
        </div>
        <Form.Item label="返回码映射" name="codeMap" rules={rule('codeMap')} extra="供应商返回码=平台返回码（5 位数字）">
          <Input.TextArea rows={2} className={styles.mono} placeholder={'每行一条「原名=新名」，如\nE206=10006'} spellCheck={false} />
        </Form.Item>
      </Form>
    </EditorModal>
  );
}
