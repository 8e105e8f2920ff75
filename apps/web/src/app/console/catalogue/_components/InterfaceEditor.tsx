'use client';
// The interface editor (a drawer): the listing fields, the documentation the public page shows
// (description, scenarios, parameters, response fields, codes, sample answer) and, once the
// interface exists, its price packages. Rules come from contracts, so the form and the server
// answer the same message.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CATALOGUE_LIMITS,
  type CatalogueCategory,
  type CatalogueInterfaceDetail,
  consoleCatalogueApi,
  type DocCode,
  DocCode as DocCodeRule,
  type DocField,
  DocField as DocFieldRule,
  type DocParam,
  DocParam as DocParamRule,
  FIELD_TYPES,
  formatFen,
  INTERFACE_STATUS_LABEL,
  InterfaceSaveInput,
  PARAM_TYPES,
} from '@apimarket/contracts';
import { Alert, App, Button, Checkbox, Drawer, Empty, Form, Input, InputNumber, Select, Skeleton, Space, Switch, Tabs, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useReload } from '@/components/console/ConsoleContext';
import { useCall, useCallMutation } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { zodRule } from '@/lib/form-rules';
import styles from './catalogue.module.css';
import { PackageTable } from './PackageTable';

interface Values {
  interfaceName: string;
  categoryId?: number;
  summary: string;
  path: string;
  isHot: boolean;
  isNew: boolean;
  enterpriseOnly: boolean;
  menuDisplay: boolean;
  trialCalls: number | null;
  sort: number | null;
  description: string;
  scenarios: string[];
  params: DocParam[];
  responseFields: DocField[];
  codes: DocCode[];
  sampleResponse: string;
}

const S = InterfaceSaveInput.shape;
const DOC_FIELDS = new Set(['description', 'scenarios', 'params', 'responseFields', 'codes', 'sampleResponse']);

const BLANK: Values = {
  interfaceName: '',
  summary: '',
  path: '',
  isHot: false,
  isNew: true,
  enterpriseOnly: false,
  menuDisplay: false,
  trialCalls: 0,
  sort: null,
  description: '',
  scenarios: [],
  params: [{ name: '', type: 'string', required: true, description: '', example: '' }],
  responseFields: [{ name: 'data.result', type: 'string', description: '' }],
  codes: [{ code: '10000', message: '成功', billable: true }],
  sampleResponse: JSON.stringify({ code: '10000', message: '成功', data: { result: '1' }, seqNo: '7F3A9C21D04B5E8816A2' }, null, 2),
};

/** Which field a server message belongs to (the message names its field); others go on top. */
const FIELD_OF: Array<[string, keyof Values]> = [
  ['接口名称', 'interfaceName'],
  ['分类', 'categoryId'],
  ['一句话简介', 'summary'],
  ['网关路径', 'path'],
  ['请填写网关路径', 'path'],
  ['新建接口的编号', 'path'],
  ['免费试用', 'trialCalls'],
  ['排序值', 'sort'],
  ['接口说明', 'description'],
  ['应用场景', 'scenarios'],
  ['示例返回', 'sampleResponse'],
  ['请填写示例返回', 'sampleResponse'],
];

function valuesOf(d: CatalogueInterfaceDetail): Values {
  return {
    interfaceName: d.interfaceName,
    categoryId: d.categoryId,
    summary: d.summary,
    path: d.path,
    isHot: d.isHot,
    isNew: d.isNew,
    enterpriseOnly: d.enterpriseOnly,
    menuDisplay: d.menuDisplay,
    trialCalls: d.trialCalls,
    sort: d.sort,
    description: d.description,
    scenarios: d.scenarios,
    params: d.params,
    responseFields: d.responseFields,
    codes: d.codes,
    sampleResponse: JSON.stringify(d.sampleResponse, null, 2),
  };
}

/** One repeatable table of the documentation, as stacked rows that also fit a phone. */
function RowsList<T>({
  name,
  blank,
  addLabel,
  emptyText,
  className,
  children,
}: {
  name: 'params' | 'responseFields' | 'codes';
  blank: T;
  addLabel: string;
  emptyText: string;
  className?: string;
  children: (row: number) => React.ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <div className={styles.rows}>
          {rows.length === 0 ? <div className={shared.sub}>{emptyText}</div> : null}
          {rows.map((row) => (
            <div key={row.key} className={[styles.row, className].filter(Boolean).join(' ')}>
              {children(row.name)}
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除这一行" onClick={() => remove(row.name)} className={styles.remove} />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(blank)} className={styles.add}>
            {addLabel}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

export function InterfaceEditor({
  open,
  id,
  categories,
  onCreated,
  onClose,
}: {
  open: boolean;
  /** null: a new interface. */
  id: number | null;
  categories: CatalogueCategory[];
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const editingStored = open && id !== null;
  const detailQuery = useCall(consoleCatalogueApi.interface, { id: id ?? 0 }, { enabled: editingStored, quiet: true });
  const detail = editingStored ? (detailQuery.data?.data ?? null) : null;
  const loadError = editingStored && detailQuery.isError && !detail ? (serverMessage(detailQuery.error) ?? '接口资料加载失败，请稍后再试') : null;
  const reload = useReload();
  const saving = useCallMutation(consoleCatalogueApi.saveInterface, { quiet: true });
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState('basic');
  /** Set when a new interface was just created: the drawer stays on its packages tab. */
  const keepTab = useRef(false);
  /** The interface whose stored values the form holds (filled once per opening). */
  const filled = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    if (!keepTab.current) setTab('basic');
    keepTab.current = false;
    filled.current = null;
    if (id === null) {
      form.resetFields();
      form.setFieldsValue(BLANK);
    }
  }, [open, id, form]);

  // The stored values fill the form when they arrive, and again when a fresher answer comes
  // before the editor has touched a field; a reload for the packages never overwrites an edit.
  useEffect(() => {
    if (!open || !detail) return;
    if (filled.current === detail.id && form.isFieldsTouched()) return;
    if (filled.current !== detail.id) form.resetFields();
    filled.current = detail.id;
    form.setFieldsValue(valuesOf(detail));
  }, [open, detail, form]);

  const submit = async (v: Values) => {
    setFormError(null);
    try {
      const res = await saving.mutateAsync({
        id: id ?? undefined,
        interfaceName: v.interfaceName,
        categoryId: v.categoryId,
        summary: v.summary,
        path: v.path,
        isHot: v.isHot,
        isNew: v.isNew,
        enterpriseOnly: v.enterpriseOnly,
        menuDisplay: v.menuDisplay,
        trialCalls: v.trialCalls ?? '',
        sort: v.sort ?? '',
        description: v.description,
        scenarios: JSON.stringify(v.scenarios ?? []),
        params: JSON.stringify(v.params ?? []),
        responseFields: JSON.stringify(v.responseFields ?? []),
        codes: JSON.stringify(v.codes ?? []),
        sampleResponse: v.sampleResponse,
      });
      if (!res.data.changed) {
        message.info(res.msg);
        return;
      }
      message.success(res.msg);
      reload(consoleCatalogueApi.interfaces);
      if (id === null) {
        // Created off sale: the packages come next, in the same drawer.
        setTab('packages');
        keepTab.current = true;
        onCreated(res.data.id);
      } else {
        const fresh = await detailQuery.refetch();
        if (fresh.data) form.setFieldsValue(valuesOf(fresh.data.data));
      }
    } catch (err) {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = FIELD_OF.find(([word]) => msg.startsWith(word) || msg.startsWith(`所选${word}`) || msg.startsWith(`请选择接口${word}`))?.[1];
      if (field) {
        form.setFields([{ name: field, errors: [msg] }]);
        setTab(DOC_FIELDS.has(field) ? 'docs' : 'basic');
      } else {
        setFormError(msg);
        if (/请求参数|返回字段|返回码/.test(msg)) setTab('docs');
      }
    }
  };

  const title = id === null ? '新建接口' : detail ? `编辑接口 ${detail.id}「${detail.interfaceName}」` : `编辑接口 ${id}`;
  const ready = id === null || detail !== null;

  const basic = (
    <>
      <Form.Item label="接口名称" name="interfaceName" rules={[zodRule(S.interfaceName)]}>
        <Input maxLength={CATALOGUE_LIMITS.nameMax} showCount placeholder="如 实名认证" />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item label="分类" name="categoryId" rules={[zodRule(S.categoryId)]}>
          <Select placeholder="选择分类" options={categories.map((c) => ({ value: c.id, label: c.categoryName }))} />
        </Form.Item>
        <Form.Item
          label="网关路径"
          name="path"
          rules={[zodRule(S.path)]}
          extra={id === null ? '只填 /{业务域}/{子类}，如 /communication/personal；接口编号由系统分配并补在最后' : '修改路径后，客户须改用新地址调用'}
        >
          <Input placeholder="/communication/personal" maxLength={80} />
        </Form.Item>
      </div>
      <Form.Item label="一句话简介" name="summary" rules={[zodRule(S.summary)]} extra="显示在 API 商城的卡片上">
        <Input maxLength={CATALOGUE_LIMITS.summaryMax} showCount />
      </Form.Item>
      <div className={styles.switches}>
        <Form.Item label="热门" name="isHot" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="新品" name="isNew" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="企业专享" name="enterpriseOnly" valuePropName="checked" tooltip="仅通过企业认证的账号可以调用（否则网关返回 SYSTEM_008）">
          <Switch />
        </Form.Item>
        <Form.Item label="显示在导航菜单" name="menuDisplay" valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <div className={styles.pair}>
        <Form.Item label="免费试用次数" name="trialCalls" rules={[zodRule(S.trialCalls)]} extra="每个账号可领取一次，0 表示不提供试用">
          <InputNumber min={0} max={CATALOGUE_LIMITS.trialMax} precision={0} className={styles.number} />
        </Form.Item>
        <Form.Item label="排序值" name="sort" rules={[zodRule(S.sort)]} extra={id === null ? '越小越靠前；不填则排在最后' : '越小越靠前'}>
          <InputNumber min={0} max={CATALOGUE_LIMITS.sortMax} precision={0} className={styles.number} />
        </Form.Item>
      </div>
    </>
  );

  const docs = (
    <>
      <Form.Item label="接口说明" name="description" rules={[zodRule(S.description)]} extra="2–4 句：核验什么、数据来源类别、典型用途">
        <Input.TextArea rows={4} maxLength={CATALOGUE_LIMITS.descriptionMax} showCount />
      </Form.Item>
      <Form.Item label="应用场景" name="scenarios" rules={[zodRule(S.scenarios)]} extra={`输入后回车添加，最多 ${CATALOGUE_LIMITS.scenariosMax} 个`}>
        <Select mode="tags" open={false} suffixIcon={null} placeholder="如 互联网账号实名" tokenSeparators={['，', ',']} />
      </Form.Item>

      <div className={styles.groupTitle}>请求参数</div>
      <div className={shared.sub}>参数 key（接口Key）由平台自动加入，不必填写；示例值用于文档示例和沙箱的示例调用。</div>
      <RowsList<DocParam>
        name="params"
        blank={{ name: '', type: 'string', required: true, description: '', example: '' }}
        addLabel="添加参数"
        emptyText="没有请求参数"
        className={styles.paramRow}
      >
        {(row) => (
          <>
            <Form.Item name={[row, 'name']} rules={[zodRule(DocParamRule.shape.name)]} label="参数名">
              <Input placeholder="如 idcard" maxLength={32} />
            </Form.Item>
            <Form.Item name={[row, 'type']} label="类型">
              <Select options={PARAM_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name={[row, 'required']} valuePropName="checked" label=" ">
              <Checkbox>必填</Checkbox>
            </Form.Item>
            <Form.Item name={[row, 'description']} rules={[zodRule(DocParamRule.shape.description)]} label="说明">
              <Input maxLength={CATALOGUE_LIMITS.textMax} />
            </Form.Item>
            <Form.Item name={[row, 'example']} rules={[zodRule(DocParamRule.shape.example)]} label="示例值">
              <Input maxLength={CATALOGUE_LIMITS.exampleMax} />
            </Form.Item>
          </>
        )}
      </RowsList>

      <div className={styles.groupTitle}>返回字段</div>
      <RowsList<DocField>
        name="responseFields"
        blank={{ name: '', type: 'string', description: '' }}
        addLabel="添加字段"
        emptyText="至少需要一个返回字段"
        className={styles.fieldRow}
      >
        {(row) => (
          <>
            <Form.Item name={[row, 'name']} rules={[zodRule(DocFieldRule.shape.name)]} label="字段">
              <Input placeholder="如 data.result" maxLength={64} />
            </Form.Item>
            <Form.Item name={[row, 'type']} label="类型">
              <Select options={FIELD_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name={[row, 'description']} rules={[zodRule(DocFieldRule.shape.description)]} label="说明">
              <Input maxLength={CATALOGUE_LIMITS.textMax} />
            </Form.Item>
          </>
        )}
      </RowsList>

      <div className={styles.groupTitle}>返回码</div>
      <div className={shared.sub}>须包含成功码 10000；「计费」表示返回该码时扣减一次调用。</div>
      <RowsList<DocCode>
        name="codes"
        blank={{ code: '', message: '', billable: false }}
        addLabel="添加返回码"
        emptyText="至少需要成功码 10000"
        className={styles.codeRow}
      >
        {(row) => (
          <>
            <Form.Item name={[row, 'code']} rules={[zodRule(DocCodeRule.shape.code)]} label="返回码">
              <Input placeholder="10000" maxLength={5} inputMode="numeric" />
            </Form.Item>
            <Form.Item name={[row, 'message']} rules={[zodRule(DocCodeRule.shape.message)]} label="说明">
              <Input maxLength={CATALOGUE_LIMITS.codeMessageMax} />
            </Form.Item>
            <Form.Item name={[row, 'billable']} valuePropName="checked" label=" ">
              <Checkbox>计费</Checkbox>
            </Form.Item>
          </>
        )}
      </RowsList>

      <Form.Item
        label="示例返回（JSON）"
        name="sampleResponse"
        rules={[zodRule(S.sampleResponse)]}
        extra="一次示例调用的完整返回：code、message、data、seqNo。用示例值调用沙箱时原样返回。"
        className={styles.sample}
      >
        <Input.TextArea rows={10} spellCheck={false} className={styles.code} />
      </Form.Item>
    </>
  );

  const packages =
    id === null ? <Empty description="先保存接口，再为它添加价格套餐" /> : detail ? <PackageTable interfaceId={id} packages={detail.packages} /> : null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="min(960px, 100vw)"
      forceRender
      extra={
        tab === 'packages' ? null : (
          <Space>
            <Button onClick={onClose}>取 消</Button>
            <Button type="primary" loading={saving.isPending} disabled={!ready} onClick={() => form.submit()}>
              {id === null ? '创 建' : '保 存'}
            </Button>
          </Space>
        )
      }
    >
      {loadError ? <Alert type="error" showIcon title={loadError} className={styles.alert} /> : null}
      {formError ? <Alert type="error" showIcon title={formError} className={styles.alert} closable={{ onClose: () => setFormError(null) }} /> : null}
      {detail ? (
        <div className={styles.summary}>
          <Tag color={detail.status === 'on_sale' ? 'success' : 'default'}>{INTERFACE_STATUS_LABEL[detail.status]}</Tag>
          <span className={shared.sub}>
            起售价 {detail.priceFrom === null ? '按需报价' : `¥${formatFen(detail.priceFrom)}`} · 更新于 {dateTime(detail.updatedAt)}
          </span>
          {detail.status === 'off_sale' ? <span className={shared.sub}>（在列表中点「上 架」后客户可见）</span> : null}
        </div>
      ) : null}
      {id === null ? <Alert type="info" showIcon title="新接口创建后为下架状态：先保存，再添加价格套餐，最后在列表中上架。" className={styles.alert} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          // The first error may sit on the tab not shown; open it.
          const first = errorFields[0]?.name[0];
          setTab(typeof first === 'string' && DOC_FIELDS.has(first) ? 'docs' : 'basic');
        }}
        className={styles.editor}
      >
        {ready ? (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'basic', label: '基本信息', forceRender: true, children: basic },
              { key: 'docs', label: '接口文档', forceRender: true, children: docs },
              { key: 'packages', label: `价格套餐${detail ? `（${detail.packages.length}）` : ''}`, children: packages },
            ]}
          />
        ) : loadError ? null : (
          <Skeleton active />
        )}
      </Form>
    </Drawer>
  );
}
