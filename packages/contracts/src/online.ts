// 我的API's test and batch entries (spec 02 §2 apiTest, applyBatch; §7 "Online queries and
// tests"): a signed-in customer calls one of its purchases from the user center, once with a form
// (UserCenter/getInterfaceInfoTById, getApiTestData) or for every row of an uploaded sheet
// (myOnline/*). Both are real calls of the open data API on the purchase: same checks, same
// charge, same record (Decision 121); only the key's IP whitelist and signed mode do not apply,
// because the signed-in session, not a key sent from a server, authenticates them.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { qualifiedCall } from './declare';
import { PageQuery, parseId } from './paging';

/** One uploaded sheet: at most this many query rows, each one call (what an HR or risk team uploads at once). */
export const BATCH_MAX_ROWS = 100_000;
/**
 * 100 000 rows of a name and an identity number are about 3 MB of CSV; 20 MB leaves room for
 * sheets of several longer columns (addresses, company names) and for xlsx's own weight.
 */
export const BATCH_FILE = { maxBytes: 20 * 1024 * 1024, extensions: ['xlsx', 'csv'] } as const;
/** Problems of a sheet's rows listed at most in one refusal (all of them are counted). */
export const BATCH_MAX_PROBLEMS = 100;
/**
 * A test's parameters: no interface has more. An image travels as base64 inside the request;
 * the test call takes bodies up to `bodyBytes`, room for two images of `maxImageBytes` each
 * (face comparison sends two) once base64- and form-encoded.
 */
export const API_TEST_LIMITS = { maxParams: 20, maxValueChars: 960_000, maxImageBytes: 700 * 1024, bodyBytes: 4 * 1024 * 1024 } as const;
/** Columns of a batch sheet read at most (no interface has more parameters). */
export const BATCH_MAX_COLUMNS = 50;

export const ONLINE_MSG = {
  purchaseRequired: '请选择已购接口',
  purchaseMissing: '未找到该已购接口',
  params: '测试参数格式不正确',
  controlChars: '参数中不能包含换行、制表符等控制字符',
  videoNotTestable: '该接口需要上传视频，暂不支持在线测试，请由您的系统调用接口',
  imageTooLarge: '图片不能超过 700KB，请压缩后重试',
  fileRequired: '请选择要上传的文件',
  fileType: '仅支持 .xlsx 或 .csv 格式的文件',
  fileSize: `文件不能超过 ${BATCH_FILE.maxBytes / 1024 / 1024}MB`,
  fileUnreadable: '文件无法读取，请使用下载的模板填写后上传',
  fileTooBig: '文件解压后内容过大，请删除无关的工作表和格式后重新上传',
  tooManyColumns: `文件的列数过多（最多 ${BATCH_MAX_COLUMNS} 列），请使用下载的模板填写`,
  encoding: 'CSV 文件编码无法识别，请在 Excel 中另存为「CSV UTF-8」或 .xlsx 后上传',
  numberCell: (row: number, name: string) => `第 ${row} 行「${name}」是数字格式，长数字已丢失精度；请把该列设为文本格式后重新填写`,
  cellChars: (row: number, name: string) => `第 ${row} 行「${name}」包含换行、制表符等控制字符，请删除后重新上传`,
  missingValue: (row: number, name: string) => `第 ${row} 行「${name}」未填写`,
  /** A sheet with several row problems: the answer lists the first BATCH_MAX_PROBLEMS of them in `problems`. */
  problems: (count: number) =>
    `文件中有 ${count} 处需要修改${count > BATCH_MAX_PROBLEMS ? `（下面列出前 ${BATCH_MAX_PROBLEMS} 处）` : ''}，修改后重新上传，未扣减任何调用次数`,
  noRows: '文件中没有可查询的数据行',
  tooManyRows: `单个文件最多 ${BATCH_MAX_ROWS} 行数据，请拆分后上传`,
  missingColumn: (name: string) => `文件缺少参数列「${name}」，请使用下载的模板填写`,
  imageNotBatchable: '该接口需要上传图片，不支持批量查询，请使用在线测试',
  notEnoughCalls: (rows: number, left: number) => `剩余调用次数不足：本任务共 ${rows} 行，剩余 ${left} 次，请续购套餐后再执行`,
  unusable: '该接口当前不可调用（已停用、已过期或次数已用完），请恢复或续购后再试',
  jobMissing: '批量任务不存在',
  jobNotPending: '任务已执行，不能重复执行',
  jobBusy: '该接口已有批量任务在执行，请等它完成后再执行',
  jobRunning: '任务执行中，完成后才能删除',
  consentRequired: '请先确认已依法取得被查询人的授权同意',
  jobNotEditable: '任务已执行，不能再修改；如需修改请重新上传',
  rowMissing: '该行数据不存在',
  rowNotRetryable: '该行已查询成功或已扣费，不会重复查询',
  rowNotRun: '该行尚未执行，请执行任务',
  nothingToRetry: '没有需要重新查询的行',
  jobNotPausable: '只有执行中的任务可以暂停',
  jobNotPaused: '只有已暂停的任务可以继续执行',
  jobNotFinished: '任务执行完成或中止后才能重新查询失败的行',
  updated: '任务已更新，核对行数后点击「执行」开始查询',
  rowUpdated: '该行已修改',
  paused: '任务已暂停：正在查询的一行完成后停止，可随时继续',
  resumed: '任务已继续执行',
  rerun: (rows: number) => `已开始重新查询 ${rows} 行`,
  created: '文件已上传，核对行数后点击「执行」开始查询',
  started: '任务已开始执行，完成后可下载结果',
  deleted: '任务已删除',
  /** A row whose call was made by a runner that died before saving the answer. */
  resultLost: '调用已完成（已按规则计费），但返回结果未能保存；可按流水号在调用记录中核对，如需结果请重新查询',
  /** Why a job stopped early: the row and the answer that said the purchase can no longer be called. */
  stopped: (rowNo: number, code: string) => `第 ${rowNo} 行返回 ${code}，接口已不可调用，其余行未执行`,
  /** The platform can no longer open a row's sealed parameters (its key was changed): nothing more is called. */
  unreadable: (rowNo: number) => `第 ${rowNo} 行的参数无法读取（平台密钥已更换），其余行未执行、未扣费，请重新上传`,
} as const;

/**
 * stopped: the purchase could no longer be called (stopped, used up, expired …); the rest of the rows were not called.
 * paused: the customer paused it; the row in hand was finished, the rest wait for 继续.
 */
export const BATCH_JOB_STATUS = ['pending', 'running', 'paused', 'done', 'stopped'] as const;
export type BatchJobStatus = (typeof BATCH_JOB_STATUS)[number];
export const BATCH_JOB_STATUS_LABEL: Record<BatchJobStatus, string> = {
  pending: '待执行',
  running: '执行中',
  paused: '已暂停',
  done: '已完成',
  stopped: '已中止',
};

/**
 * What the customer attests before a job runs (PIPL art. 13, 29): the people in the sheet agreed
 * to be checked, separately where the data is sensitive (an identity number, a face, a bank card).
 */
export const BATCH_CONSENT_TEXT =
  '我确认已依法取得文件中每位被查询人的单独同意（含身份证号、银行卡号等敏感个人信息），查询仅用于已告知的目的，并对查询结果的使用负责。';

/** No control characters in a parameter value (tabs and line breaks included). */
export function hasControlChars(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

const purchaseId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ONLINE_MSG.purchaseRequired }));

/** getInterfaceInfoTById, showOnline: which purchase the screen is about. */
export const OnlinePurchaseInput = z.object({ purchaseId });
export type OnlinePurchaseInput = z.infer<typeof OnlinePurchaseInput>;

/** template=1 / export=1: the same call answers the xlsx file instead of JSON (any number but 0 asks). */
const FileFlag = z.coerce.number().optional();

/** showOnline: the purchase, or with template=1 the sheet to fill in. */
export const ShowOnlineInput = OnlinePurchaseInput.extend({ template: FileFlag });
export type ShowOnlineInput = z.infer<typeof ShowOnlineInput>;

const fromJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * getApiTestData: the purchase and its business parameters by name (the key is the purchase's).
 * `params` is a JSON object, or its text in a form field.
 */
export const ApiTestInput = z.object({
  purchaseId,
  params: z.preprocess(
    fromJson,
    z
      .record(
        z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, ONLINE_MSG.params),
        z
          .string()
          .max(API_TEST_LIMITS.maxValueChars, ONLINE_MSG.params)
          .refine((v) => !hasControlChars(v), ONLINE_MSG.controlChars),
        {
          error: ONLINE_MSG.params,
        },
      )
      .refine((p) => Object.keys(p).length <= API_TEST_LIMITS.maxParams, ONLINE_MSG.params),
  ),
});
export type ApiTestInput = z.infer<typeof ApiTestInput>;

/** getBatchJob: the account's jobs, newest first, optionally of one purchase. */
export const BatchJobListInput = PageQuery.extend({
  purchaseId: z.preprocess((v) => parseId(v) ?? undefined, z.number().optional()),
});
export type BatchJobListInput = z.infer<typeof BatchJobListInput>;

export const BatchJobIdInput = z.object({ jobId: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ONLINE_MSG.jobMissing })) });
export type BatchJobIdInput = z.infer<typeof BatchJobIdInput>;

/** executeBatchJob: the job and the consent attestation (consent=1, BATCH_CONSENT_TEXT). */
export const ExecuteBatchJobInput = BatchJobIdInput.extend({
  consent: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.literal(true, { error: ONLINE_MSG.consentRequired })),
});
export type ExecuteBatchJobInput = z.infer<typeof ExecuteBatchJobInput>;

/** updateBatchJob (multipart): a pending job's new name (fileName) and/or a new sheet (file) replacing its rows. */
export const UpdateBatchJobInput = BatchJobIdInput.extend({
  fileName: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(120, '任务名称最多 120 个字')
      .refine((v) => !hasControlChars(v), ONLINE_MSG.controlChars)
      .optional(),
  ),
});
export type UpdateBatchJobInput = z.infer<typeof UpdateBatchJobInput>;

/** execBatchJobDetail: one row of a job, by its number. */
export const BatchRowIdInput = BatchJobIdInput.extend({
  rowNo: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ONLINE_MSG.rowMissing })),
});
export type BatchRowIdInput = z.infer<typeof BatchRowIdInput>;

const batchValues = z.preprocess(
  fromJson,
  z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, ONLINE_MSG.params),
      z
        .string()
        .max(1000, ONLINE_MSG.params)
        .refine((v) => !hasControlChars(v), ONLINE_MSG.controlChars),
      { error: ONLINE_MSG.params },
    )
    .refine((p) => Object.keys(p).length <= BATCH_MAX_COLUMNS, ONLINE_MSG.params),
);

/** updateBatchJobDetail: one row's values by parameter name (a JSON object, or its text in a form field). */
export const UpdateBatchRowInput = BatchRowIdInput.extend({ params: batchValues });
export type UpdateBatchRowInput = z.infer<typeof UpdateBatchRowInput>;

/** getBatchJobDetail: one job's rows, a page at a time (or the whole result as xlsx with export=1). */
export const BatchJobDetailInput = PageQuery.extend(BatchJobIdInput.shape).extend({ export: FileFlag });
export type BatchJobDetailInput = z.infer<typeof BatchJobDetailInput>;

export const OnlineParam = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  description: z.string(),
  example: z.string(),
  /** For a base64 parameter: an image (uploaded on the test page) or a video (not testable online). */
  media: z.enum(['image', 'video']).nullable(),
});
export type OnlineParam = z.infer<typeof OnlineParam>;

/** What the test and batch screens show of a purchase. */
export const OnlineInterface = z.object({
  purchaseId: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** POST path of the open data API. */
  path: z.string(),
  callsLeft: z.number().int(),
  expiresAt: z.string(),
  /** Not stopped, not expired, calls left. */
  usable: z.boolean(),
  params: z.array(OnlineParam),
  /** False for interfaces that take an image or video (base64): a sheet cannot carry one. */
  batchable: z.boolean(),
  /** False for interfaces that take a video: too large to send from the page. */
  testable: z.boolean(),
});
export type OnlineInterface = z.infer<typeof OnlineInterface>;

export const ApiTestResult = z.object({
  /** The open data API's answer as the customer's system gets it (GatewayAnswer). */
  answer: z.object({ code: z.string(), message: z.string(), data: z.unknown(), seqNo: z.string() }),
  /** Time the platform took to answer, as recorded with the call. */
  latencyMs: z.number().int(),
  /** The answer was billable and took one call from the purchase. */
  charged: z.boolean(),
  /** Calls left on the purchase after this call. */
  callsLeft: z.number().int(),
});
export type ApiTestResult = z.infer<typeof ApiTestResult>;

export const BatchJobView = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  fileName: z.string(),
  status: z.enum(BATCH_JOB_STATUS),
  statusLabel: z.string(),
  rows: z.number().int(),
  done: z.number().int(),
  /** Rows answered 10000. */
  succeeded: z.number().int(),
  /** Calls taken from the purchase. */
  charged: z.number().int(),
  /** Rows answered without a charge (refused, failed upstream): what 重新查询失败行 calls again. */
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why a stopped job stopped: the answer that ended it. */
  note: z.string().nullable(),
  /** Rows a new run (newExecuteBatchJob) would call: failed ones and, of a stopped job, those never called. */
  retryable: z.number().int(),
  /** While it runs: rows per second since it (re)started, and the seconds left at that rate (null until measured). */
  rate: z.number().nullable(),
  etaSeconds: z.number().int().nullable(),
  /** The consent attestation: when, and by which login. Null until executed. */
  consentAt: z.string().nullable(),
  consentBy: z.string().nullable(),
});
export type BatchJobView = z.infer<typeof BatchJobView>;

export const BatchRowView = z.object({
  rowNo: z.number().int(),
  /** Parameters as shown after the call: masked (Decision 19). Before it, masked too. */
  params: z.record(z.string(), z.string()),
  code: z.string().nullable(),
  message: z.string().nullable(),
  seqNo: z.string().nullable(),
  /** The answer's data once the row was called (any JSON), else null. */
  data: z.unknown(),
  /** The row took a call from the purchase. */
  charged: z.boolean(),
  /** Answered without a charge and not 10000: execBatchJobDetail may call it again. */
  retryable: z.boolean(),
});
export type BatchRowView = z.infer<typeof BatchRowView>;

/** The columns of a result sheet after the parameters'. */
export const BATCH_RESULT_COLUMNS = ['返回码', '返回信息', '流水号', '返回数据'] as const;

/** Whether a batch row's answer is a result (10000). */
export const isBatchSuccess = (code: string | null) => code === '10000';

/**
 * Whether a row may be called again: it was answered, not with a result and not charged. A row
 * answered 10000, or any charged answer, is never called again — nothing is charged twice.
 */
export const isBatchRetryable = (code: string | null, charged: number | boolean) => code !== null && code !== '10000' && !charged;

/**
 * 我的API's test and batch calls. The company must be authenticated; every call is about one of
 * the caller's own purchases (anybody else's answers 「未找到该已购接口」). Two calls answer a file
 * when a flag asks (showOnline template=1, getBatchJobDetail export=1): their answers name it in
 * `export`.
 */
export const onlineApi = {
  // ── Test (apiTest) ──
  testInterface: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/getInterfaceInfoTById',
    summary: '在线测试：已购接口的参数与状态',
    input: OnlinePurchaseInput,
    answer: { data: OnlineInterface, export: [XLSX_TYPE] },
    fails: ['ALL_0011'],
  }),
  test: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/getApiTestData',
    summary: `在线测试：以登录身份真实调用一次已购接口（请求体上限 ${API_TEST_LIMITS.bodyBytes / 1024 / 1024} MiB，容纳图片参数）`,
    input: ApiTestInput,
    answer: { data: ApiTestResult },
    fails: ['ALL_0011'],
  }),
  // ── Batch (applyBatch) ──
  batchInterface: qualifiedCall({
    method: 'POST',
    path: '/myOnline/showOnline',
    summary: `批量查询：已购接口的参数与状态；template=1 时改为下载填写模板（xlsx）`,
    input: ShowOnlineInput,
    answer: { data: OnlineInterface },
    fails: ['ALL_0011'],
  }),
  addBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/addBatchJob',
    body: 'multipart',
    summary: `上传填好的文件（file，.xlsx 或 .csv，不超过 ${BATCH_FILE.maxBytes / 1024 / 1024}MB）生成批量任务`,
    input: OnlinePurchaseInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011'],
  }),
  batchJobs: qualifiedCall({
    method: 'POST',
    path: '/myOnline/getBatchJob',
    summary: '批量任务列表（最新在前，可按已购接口筛选）',
    input: BatchJobListInput,
    answer: { rows: BatchJobView },
  }),
  updateBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/updateBatchJob',
    body: 'multipart',
    summary: '修改待执行的批量任务：改名（fileName）或上传新文件（file）替换全部数据行',
    input: UpdateBatchJobInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  executeBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/executeBatchJob',
    summary: '执行批量任务（逐行真实调用）；须确认已取得被查询人的授权同意（consent=1）',
    input: ExecuteBatchJobInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  newExecuteBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/newExecuteBatchJob',
    summary: '重新查询已完成或已中止任务中失败（未扣费）及未执行的行；已成功或已扣费的行不再调用',
    input: BatchJobIdInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  pauseBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/pauseBatchJob',
    summary: '暂停执行中的批量任务（正在查询的一行完成后停止）',
    input: BatchJobIdInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  resumeBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/resumeBatchJob',
    summary: '继续执行已暂停的批量任务',
    input: BatchJobIdInput,
    answer: { data: BatchJobView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  deleteBatchJob: qualifiedCall({
    method: 'POST',
    path: '/myOnline/deleteBatchJob',
    summary: '删除批量任务（执行中的除外）',
    input: BatchJobIdInput,
    answer: { data: z.null() },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  batchJobDetail: qualifiedCall({
    method: 'POST',
    path: '/myOnline/getBatchJobDetail',
    summary: `批量任务明细（分页，job 为任务本身）；export=1 时改为下载全部结果（xlsx）`,
    input: BatchJobDetailInput,
    answer: { rows: BatchRowView, extra: { job: BatchJobView }, export: [XLSX_TYPE] },
    fails: ['ALL_0011'],
  }),
  execBatchJobDetail: qualifiedCall({
    method: 'POST',
    path: '/myOnline/execBatchJobDetail',
    summary: '重新查询任务中失败（未扣费）的一行，立即返回该行结果',
    input: BatchRowIdInput,
    answer: { data: BatchRowView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  updateBatchJobDetail: qualifiedCall({
    method: 'POST',
    path: '/myOnline/updateBatchJobDetail',
    summary: '修改待执行任务中一行的参数（params：按参数名的 JSON）',
    input: UpdateBatchRowInput,
    answer: { data: BatchRowView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
};
