// 车辆运力 (/userCenter/transportation/*, menu code 11; spec 02 §7 "Transport"; issue #22): a fleet
// manager subscribes its trucks by plate, sees where they are, plays back where they went, and
// draws fences whose entries and exits are computed from the tracks. Every fact about a vehicle
// comes from a real call of a purchased vehicle interface through the open data API's pipeline
// (Decision 121): positions from 9694 车辆实时位置, tracks from 9867 车辆轨迹查询, charged and
// recorded like any call. Coordinates are GCJ-02 throughout, as the interfaces answer them.
import { z } from 'zod';
import { FEATURE } from './account';
import { XLSX_TYPE } from './call';
import { featureCalls, publicCall } from './declare';
import { hasControlChars } from './online';
import { PageQuery, parseId } from './paging';
import { isRealDay, LicencePlate } from './validation';

/** The catalogue interfaces the tools call, by what they are for. */
export const VEHICLE_INTERFACES = { position: 9694, trajectory: 9867 } as const;
export type VehicleRole = keyof typeof VEHICLE_INTERFACES;

export const TRANSPORT_LIMITS = {
  /** What the trajectory interface allows in one query (its 10012 answer beyond it). */
  maxTrackHours: 72,
  /** Vehicles in one subscribe: the single form, or the rows of one sheet. */
  maxSubscribeRows: 200,
  /** Vehicles an account keeps subscribed at once (cancelled ones do not count). */
  maxSubscriptions: 500,
  /** Days one subscription may run. */
  maxSubscribeDays: 366,
  /** Bytes of an uploaded vehicle sheet. */
  sheetBytes: 2 * 1024 * 1024,
  /** A position younger than this is shown again without a new (charged) call. */
  positionFreshSeconds: 60,
  /** Without a position report for this long a vehicle reads 离线. */
  offlineMinutes: 10,
  /** Default and bounds of the stop threshold on the trajectory screen (minutes). */
  stopMinutes: { default: 10, min: 3, max: 240 },
  /** Fences per account, vertices per polygon, vehicles per fence. */
  maxFences: 100,
  polygonVertices: { min: 3, max: 50 },
  maxFenceVehicles: 100,
  /** Radius of a circular fence, metres. */
  radiusMetres: { min: 50, max: 50_000 },
  /** A fence with 进出提醒 on has its vehicles' tracks asked this often (one trajectory call each). */
  fenceMonitorMinutes: 60,
  /** How long a shared H5 trajectory link answers. */
  shareHours: 72,
  /** Rows of one export. */
  exportMax: 10_000,
  nameChars: 30,
  remarkChars: 100,
} as const;

export const TRANSPORT_MSG = {
  plateRequired: '请输入车牌号',
  plate: '请输入正确的车牌号',
  plateColor: '请选择车牌颜色',
  newEnergyColor: '新能源车牌（8 位）请选择渐变绿色或黄绿双拼色',
  fuelColor: '燃油车牌（7 位）不能选择新能源车牌颜色',
  startDate: '请选择订阅开始日期',
  endDate: '请选择订阅结束日期',
  dateOrder: '订阅结束日期不能早于开始日期',
  pastEnd: '订阅结束日期不能早于今天',
  tooLong: `订阅期限最长 ${TRANSPORT_LIMITS.maxSubscribeDays} 天`,
  tooManyRows: `一次最多订阅 ${TRANSPORT_LIMITS.maxSubscribeRows} 辆车`,
  noVehicles: '请填写要订阅的车辆，或上传车辆文件',
  sheetTooLarge: `车辆文件不能超过 ${TRANSPORT_LIMITS.sheetBytes / 1024 / 1024}MB`,
  sheetType: '请上传 .xlsx 或 .csv 格式的车辆文件',
  tooManySubscriptions: `最多同时订阅 ${TRANSPORT_LIMITS.maxSubscriptions} 辆车，请先取消不再跟踪的车辆`,
  duplicate: '该车辆已在订阅中',
  needInterfaces: '请先购买车辆实时位置或车辆轨迹查询接口',
  needPosition: '查看车辆位置需要已购「车辆实时位置」接口',
  needTrajectory: '查看车辆轨迹需要已购「车辆轨迹查询」接口',
  subscriptionMissing: '未找到该订阅车辆',
  notActive: '该车辆的订阅已结束或已取消',
  startTime: '请选择开始时间',
  endTime: '请选择结束时间',
  timeOrder: '结束时间须晚于开始时间',
  rangeTooLong: `查询时间跨度不能超过 ${TRANSPORT_LIMITS.maxTrackHours} 小时`,
  futureTime: '开始时间不能晚于当前时间',
  stopMinutes: `停留时长须在 ${TRANSPORT_LIMITS.stopMinutes.min}–${TRANSPORT_LIMITS.stopMinutes.max} 分钟之间`,
  outsideSubscription: '查询时段须在车辆的订阅期内',
  fenceName: '请输入围栏名称',
  fenceShape: '请选择围栏形状',
  fenceCenter: '请在地图上点选圆心，或输入圆心经纬度',
  fenceRadius: `围栏半径须在 ${TRANSPORT_LIMITS.radiusMetres.min}–${TRANSPORT_LIMITS.radiusMetres.max} 米之间`,
  fencePoints: `多边形围栏须有 ${TRANSPORT_LIMITS.polygonVertices.min}–${TRANSPORT_LIMITS.polygonVertices.max} 个顶点`,
  fenceSelfCross: '多边形的边不能相互交叉',
  coordinate: '经纬度须在中国境内（经度 73–136，纬度 3–54）',
  tooManyFences: `最多创建 ${TRANSPORT_LIMITS.maxFences} 个围栏`,
  tooManyFenceVehicles: `一个围栏最多绑定 ${TRANSPORT_LIMITS.maxFenceVehicles} 辆车`,
  fenceMissing: '未找到该围栏',
  fenceNameTaken: '已有同名围栏',
  shareMissing: '分享链接无效或已过期',
  controlChars: '内容含有不可见的控制字符，请删除后重试',
  exportTooMany: `导出最多 ${TRANSPORT_LIMITS.exportMax.toLocaleString('en-US')} 条，请缩小范围后重试`,
} as const;

/** Plate colours as the vehicle interfaces number them (their plateColor parameter). */
export const PLATE_COLORS = { 1: '蓝色', 2: '黄色', 3: '黑色', 4: '白色', 5: '渐变绿色', 6: '黄绿双拼色' } as const;
export type PlateColor = keyof typeof PLATE_COLORS;
const NEW_ENERGY_COLORS: readonly number[] = [5, 6];

/** A plate with 6 characters after the province and letter is a new-energy plate (GA 36-2018). */
export const isNewEnergyPlate = (plate: string) => plate.length === 8;

/** A plate's colour fits it: new-energy plates are green, fuel plates are not. Null when it fits. */
export function plateColorProblem(plate: string, color: number): string | null {
  const green = NEW_ENERGY_COLORS.includes(color);
  if (isNewEnergyPlate(plate) && !green) return TRANSPORT_MSG.newEnergyColor;
  if (!isNewEnergyPlate(plate) && green) return TRANSPORT_MSG.fuelColor;
  return null;
}

const clean = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多 ${max} 个字`)
    .refine((v) => !hasControlChars(v), TRANSPORT_MSG.controlChars);

const id = (msg: string) => z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: msg }));
const subscriptionId = id(TRANSPORT_MSG.subscriptionMissing);
const fenceId = id(TRANSPORT_MSG.fenceMissing);

/** A plate as the spec 01 §5 rule reads it (upper-cased), new-energy plates included. */
export const PlateNumber = z.string({ error: TRANSPORT_MSG.plateRequired }).trim().min(1, TRANSPORT_MSG.plateRequired).pipe(LicencePlate);

export const PlateColorInput = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: TRANSPORT_MSG.plateColor })
    .int(TRANSPORT_MSG.plateColor)
    .refine((n) => n in PLATE_COLORS, TRANSPORT_MSG.plateColor),
);

/** One vehicle: plate and colour, and whether they fit each other. */
export const Vehicle = z.object({ plateNumber: PlateNumber, plateColor: PlateColorInput }).superRefine((v, ctx) => {
  const problem = plateColorProblem(v.plateNumber, v.plateColor);
  if (problem) ctx.addIssue({ code: 'custom', path: ['plateColor'], message: problem });
});
export type Vehicle = z.infer<typeof Vehicle>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A clock reading that names a real instant: Date.parse rolls 02-31 over to 03-03 and the database
 * refuses it, and 13-01 is NaN, which slips past every comparison — after the calls were charged.
 */
const realClock = (v: string) => {
  const ms = Date.parse(`${v.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, v.length).replace('T', ' ') === v;
};
const day = (msg: string) => z.string({ error: msg }).trim().regex(DAY, msg).refine(isRealDay, msg);
/** yyyy-MM-dd HH:mm:ss, China time, as the vehicle interfaces take and answer it. */
const CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const clock = (msg: string) => z.string({ error: msg }).trim().regex(CLOCK, msg).refine(realClock, msg);

/** A clock reading (China time) as an instant. */
export const clockMs = (v: string) => Date.parse(`${v.replace(' ', 'T')}+08:00`);
/** A China day as the instant it starts. */
export const dayMs = (v: string) => Date.parse(`${v}T00:00:00+08:00`);

const PeriodFields = { startDate: day(TRANSPORT_MSG.startDate), endDate: day(TRANSPORT_MSG.endDate) };

/** A subscription period: ordered, at most maxSubscribeDays. */
function checkPeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  const [s, e] = [dayMs(v.startDate), dayMs(v.endDate)];
  if (e < s) ctx.addIssue({ code: 'custom', path: ['endDate'], message: TRANSPORT_MSG.dateOrder });
  else if ((e - s) / 86_400_000 + 1 > TRANSPORT_LIMITS.maxSubscribeDays) ctx.addIssue({ code: 'custom', path: ['endDate'], message: TRANSPORT_MSG.tooLong });
}

const WindowFields = { startTime: clock(TRANSPORT_MSG.startTime), endTime: clock(TRANSPORT_MSG.endTime) };

/** A time window of a track or of fence events: ordered, at most maxTrackHours. */
function checkWindow(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx): void {
  const [s, e] = [clockMs(v.startTime), clockMs(v.endTime)];
  if (!(e > s)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: TRANSPORT_MSG.timeOrder });
  else if (e - s > TRANSPORT_LIMITS.maxTrackHours * 3_600_000) ctx.addIssue({ code: 'custom', path: ['endTime'], message: TRANSPORT_MSG.rangeTooLong });
}

const FileFlag = z.coerce.number().optional();

// ── Interfaces (checkApplyInterface) ────────────────────────────────────────────────────────────
export const VehicleInterfaceState = z.object({
  role: z.enum(['position', 'trajectory']),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** The account's purchase (a sub-account: its assignment's); null when not bought. */
  purchaseId: z.number().int().nullable(),
  callsLeft: z.number().int(),
  usable: z.boolean(),
  /** Why not usable, '' when usable. */
  reason: z.string(),
});
export type VehicleInterfaceState = z.infer<typeof VehicleInterfaceState>;

/** A purchased interface a subscribed vehicle can be asked against by its plate alone (subscribeToQueries). */
export const PlateInterface = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  callsLeft: z.number().int(),
  usable: z.boolean(),
  /** Why not usable, '' when usable. */
  reason: z.string(),
});
export type PlateInterface = z.infer<typeof PlateInterface>;

export const VehicleInterfaces = z.object({
  interfaces: z.array(VehicleInterfaceState),
  /** The account's purchases (a sub-account: its assignments) whose only required parameters are plateNumber and plateColor. */
  plateInterfaces: z.array(PlateInterface),
  /** At least one of them usable: the tools can be used. */
  ready: z.boolean(),
});
export type VehicleInterfaces = z.infer<typeof VehicleInterfaces>;

// ── Subscriptions (subscribeCarInfo) ────────────────────────────────────────────────────────────
export const SUBSCRIPTION_STATUS = ['active', 'pending', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[number];
export const SUBSCRIPTION_STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: '订阅中',
  pending: '未开始',
  expired: '已到期',
  cancelled: '已取消',
};

export const VehiclePosition = z.object({
  lon: z.number(),
  lat: z.number(),
  speed: z.number(),
  direction: z.number().int(),
  address: z.string(),
  gpsTime: z.string(),
  /** A report within offlineMinutes of now. */
  online: z.boolean(),
  /** When the platform last asked (a refresh younger than positionFreshSeconds is not asked again). */
  fetchedAt: z.string(),
});
export type VehiclePosition = z.infer<typeof VehiclePosition>;

export const SubscriptionView = z.object({
  id: z.number().int(),
  plateNumber: z.string(),
  plateColor: z.number().int(),
  plateColorLabel: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(SUBSCRIPTION_STATUS),
  statusLabel: z.string(),
  remark: z.string(),
  createdAt: z.string(),
  /** The last position the platform asked for, null before the first. */
  position: VehiclePosition.nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

/** queryByPage: the account's vehicles, filtered; export=1 answers them as xlsx, template=1 the import sheet. */
export const SubscriptionListInput = PageQuery.extend({
  plateNumber: clean(10).optional(),
  plateColor: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z.number({ error: TRANSPORT_MSG.plateColor }).int(TRANSPORT_MSG.plateColor).optional(),
  ),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SUBSCRIPTION_STATUS).optional()),
  export: FileFlag,
  template: FileFlag,
});
export type SubscriptionListInput = z.infer<typeof SubscriptionListInput>;

/**
 * subscribe (multipart): one vehicle from the form (plateNumber, plateColor), or the rows of a
 * sheet (file: 车牌号, 车牌颜色), for one period. A sheet's rows are checked on the server.
 */
export const SubscribeInput = z
  .object({
    ...PeriodFields,
    plateNumber: z.preprocess((v) => (v === '' ? undefined : v), PlateNumber.optional()),
    plateColor: z.preprocess((v) => (v === '' ? undefined : v), PlateColorInput.optional()),
    remark: clean(TRANSPORT_LIMITS.remarkChars).optional().default(''),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    if (v.plateNumber && v.plateColor !== undefined) {
      const problem = plateColorProblem(v.plateNumber, v.plateColor);
      if (problem) ctx.addIssue({ code: 'custom', path: ['plateColor'], message: problem });
    }
    if (v.plateNumber && v.plateColor === undefined) ctx.addIssue({ code: 'custom', path: ['plateColor'], message: TRANSPORT_MSG.plateColor });
  });
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const SubscribeRowProblem = z.object({ row: z.number().int(), plateNumber: z.string(), message: z.string() });

export const SubscribeResult = z.object({
  subscribed: z.array(SubscriptionView),
  /** Rows not subscribed, with why (a bad plate, already subscribed, the vehicle not on the platform…). */
  problems: z.array(SubscribeRowProblem),
  /** Calls charged (one position call per subscribed vehicle). */
  charged: z.number().int(),
});
export type SubscribeResult = z.infer<typeof SubscribeResult>;

/** update: a subscription's end date and remark (plate and colour are what was subscribed). */
export const SubscriptionUpdateInput = z
  .object({ ...PeriodFields, id: subscriptionId, remark: clean(TRANSPORT_LIMITS.remarkChars).optional().default('') })
  .superRefine(checkPeriod);
export type SubscriptionUpdateInput = z.infer<typeof SubscriptionUpdateInput>;

export const SubscriptionIdInput = z.object({ id: subscriptionId });
export type SubscriptionIdInput = z.infer<typeof SubscriptionIdInput>;

// ── Queries on a subscribed vehicle (subscribeToQueries, subscribeToQueriesHistory) ─────────────
/** subscribeToQueries: one call of a purchased plate interface (9694, 9866, 9873, 9881 …) for a subscribed vehicle. */
export const VehicleQueryInput = z.object({ id: subscriptionId, interfaceId: id('请选择要查询的接口') });
export type VehicleQueryInput = z.infer<typeof VehicleQueryInput>;

export const VehicleQueryView = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  plateNumber: z.string(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  code: z.string(),
  message: z.string(),
  data: z.unknown(),
  charged: z.boolean(),
  seqNo: z.string(),
  requestedAt: z.string(),
});
export type VehicleQueryView = z.infer<typeof VehicleQueryView>;

export const VehicleQueryHistoryInput = PageQuery.extend({
  id: z.preprocess((v) => parseId(v) ?? undefined, z.number().optional()),
});
export type VehicleQueryHistoryInput = z.infer<typeof VehicleQueryHistoryInput>;

// ── Positions (endPosition) ─────────────────────────────────────────────────────────────────────
/** endPosition: the active vehicles' last positions; refresh=1 asks for positions older than positionFreshSeconds. */
export const PositionListInput = PageQuery.extend({
  plateNumber: clean(10).optional(),
  refresh: FileFlag,
});
export type PositionListInput = z.infer<typeof PositionListInput>;

export const PositionRow = z.object({
  id: z.number().int(),
  plateNumber: z.string(),
  plateColor: z.number().int(),
  plateColorLabel: z.string(),
  position: VehiclePosition.nullable(),
  /** Why there is no position ('' when there is): the vehicle is not reporting, the interface is used up … */
  problem: z.string(),
});
export type PositionRow = z.infer<typeof PositionRow>;

// ── Trajectory (trajectoryData, vehicleTrajectoryH5[Page]) ──────────────────────────────────────
export const TrackInput = z
  .object({
    ...WindowFields,
    id: subscriptionId,
    stopMinutes: z.preprocess(
      (v) => (v === '' || v === undefined ? TRANSPORT_LIMITS.stopMinutes.default : Number(v)),
      z
        .number({ error: TRANSPORT_MSG.stopMinutes })
        .int(TRANSPORT_MSG.stopMinutes)
        .min(TRANSPORT_LIMITS.stopMinutes.min, TRANSPORT_MSG.stopMinutes)
        .max(TRANSPORT_LIMITS.stopMinutes.max, TRANSPORT_MSG.stopMinutes),
    ),
    export: FileFlag,
  })
  .superRefine(checkWindow);
export type TrackInput = z.infer<typeof TrackInput>;

/** Points travel as parallel columns: 8 600 points as objects would triple the answer. */
export const TrackPoints = z.object({
  /** Seconds since the window's start. */
  t: z.array(z.number().int()),
  lon: z.array(z.number()),
  lat: z.array(z.number()),
  /** km/h. */
  speed: z.array(z.number()),
  /** Degrees, 0 = north, clockwise. */
  direction: z.array(z.number().int()),
});
export type TrackPoints = z.infer<typeof TrackPoints>;

export const TrackStop = z.object({
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  lon: z.number(),
  lat: z.number(),
  address: z.string(),
});
export type TrackStop = z.infer<typeof TrackStop>;

export const TrackStats = z.object({
  points: z.number().int(),
  /** Kilometres along the points. */
  mileageKm: z.number(),
  /** Over the time moving (speed above 0), km/h. */
  averageSpeed: z.number(),
  topSpeed: z.number(),
  movingMinutes: z.number().int(),
  stoppedMinutes: z.number().int(),
});
export type TrackStats = z.infer<typeof TrackStats>;

export const Track = z.object({
  subscriptionId: z.number().int(),
  plateNumber: z.string(),
  plateColor: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  points: TrackPoints,
  stops: z.array(TrackStop),
  stats: TrackStats,
  /** Fence entries and exits found in this track (the account's fences the vehicle is bound to). */
  fenceEvents: z.lazy(() => z.array(FenceEventView)),
  charged: z.boolean(),
});
export type Track = z.infer<typeof Track>;

/** Where the shared H5 trajectory page answers a token (apps/web/src/app/vehicleTrajectoryH5 reads ?token=). */
export const trackSharePath = (token: string) => `/vehicleTrajectoryH5?token=${encodeURIComponent(token)}`;

export const TrackShare = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() });
export type TrackShare = z.infer<typeof TrackShare>;

/** The link's token travels as shareToken: `token` is the wire's session field (CONVENTION_FIELDS). */
export const TrackShareInput = z.object({
  shareToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, TRANSPORT_MSG.shareMissing),
});
export type TrackShareInput = z.infer<typeof TrackShareInput>;

/** What the shared H5 page shows: the track without the account behind it. */
export const SharedTrack = Track.omit({ subscriptionId: true, charged: true, fenceEvents: true }).extend({ expiresAt: z.string() });
export type SharedTrack = z.infer<typeof SharedTrack>;

// ── Fences (vehicleFencing) ─────────────────────────────────────────────────────────────────────
export const FENCE_SHAPES = ['circle', 'polygon'] as const;
export type FenceShape = (typeof FENCE_SHAPES)[number];
export const FENCE_SHAPE_LABEL: Record<FenceShape, string> = { circle: '圆形', polygon: '多边形' };

const lon = z.coerce.number({ error: TRANSPORT_MSG.coordinate }).min(73, TRANSPORT_MSG.coordinate).max(136, TRANSPORT_MSG.coordinate);
const lat = z.coerce.number({ error: TRANSPORT_MSG.coordinate }).min(3, TRANSPORT_MSG.coordinate).max(54, TRANSPORT_MSG.coordinate);
/** [lon, lat] in GCJ-02. */
export const LonLat = z.tuple([lon, lat]);
export type LonLat = z.infer<typeof LonLat>;

const fromJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

/** Whether two segments cross properly (touching at a shared vertex does not count). */
function segmentsCross(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const side = (p: LonLat, q: LonLat, r: LonLat) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

/** A polygon whose edges cross each other has no inside a customer could mean. */
export function selfCrosses(ring: readonly LonLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(ring[i] as LonLat, ring[(i + 1) % n] as LonLat, ring[j] as LonLat, ring[(j + 1) % n] as LonLat)) return true;
    }
  }
  return false;
}

const FenceFields = {
  name: z
    .string({ error: TRANSPORT_MSG.fenceName })
    .trim()
    .min(1, TRANSPORT_MSG.fenceName)
    .max(TRANSPORT_LIMITS.nameChars, `围栏名称最多 ${TRANSPORT_LIMITS.nameChars} 个字`)
    .refine((v) => !hasControlChars(v), TRANSPORT_MSG.controlChars),
  shape: z.enum(FENCE_SHAPES, { error: TRANSPORT_MSG.fenceShape }),
  /** circle: [lon, lat] of the centre. */
  center: z.preprocess(fromJson, LonLat.optional()),
  radius: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number({ error: TRANSPORT_MSG.fenceRadius }).int(TRANSPORT_MSG.fenceRadius).optional(),
  ),
  /** polygon: the ring's vertices, not closed (the last is not the first again). */
  points: z.preprocess(fromJson, z.array(LonLat).optional()),
  /** The subscriptions bound to it. */
  subscriptionIds: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : (v ?? [])),
    z
      .array(z.preprocess((x) => parseId(x) ?? undefined, z.number({ error: TRANSPORT_MSG.subscriptionMissing })))
      .max(TRANSPORT_LIMITS.maxFenceVehicles, TRANSPORT_MSG.tooManyFenceVehicles)
      .transform((ids) => [...new Set(ids)]),
  ),
  /** Entries and exits also notify the alert contacts of 预警管理. */
  alert: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
  remark: clean(TRANSPORT_LIMITS.remarkChars).optional().default(''),
};

type FenceDraft = { shape: FenceShape; center?: LonLat | undefined; radius?: number | undefined; points?: LonLat[] | undefined };

/** A circle needs its centre and a radius in bounds; a polygon its vertices, not crossing. */
function checkFence(v: FenceDraft, ctx: z.RefinementCtx): void {
  if (v.shape === 'circle') {
    if (!v.center) ctx.addIssue({ code: 'custom', path: ['center'], message: TRANSPORT_MSG.fenceCenter });
    const r = v.radius;
    if (r === undefined || !(r >= TRANSPORT_LIMITS.radiusMetres.min && r <= TRANSPORT_LIMITS.radiusMetres.max))
      ctx.addIssue({ code: 'custom', path: ['radius'], message: TRANSPORT_MSG.fenceRadius });
    return;
  }
  const pts = v.points ?? [];
  const { min, max } = TRANSPORT_LIMITS.polygonVertices;
  if (pts.length < min || pts.length > max) ctx.addIssue({ code: 'custom', path: ['points'], message: TRANSPORT_MSG.fencePoints });
  else if (selfCrosses(pts)) ctx.addIssue({ code: 'custom', path: ['points'], message: TRANSPORT_MSG.fenceSelfCross });
}

export const FenceSaveInput = z.object(FenceFields).superRefine(checkFence);
export type FenceSaveInput = z.infer<typeof FenceSaveInput>;
export const FenceUpdateInput = z.object({ ...FenceFields, id: fenceId }).superRefine(checkFence);
export type FenceUpdateInput = z.infer<typeof FenceUpdateInput>;
export const FenceIdInput = z.object({ id: fenceId });
export type FenceIdInput = z.infer<typeof FenceIdInput>;

export const FenceListInput = PageQuery.extend({ name: clean(TRANSPORT_LIMITS.nameChars).optional() });
export type FenceListInput = z.infer<typeof FenceListInput>;

export const FenceView = z.object({
  id: z.number().int(),
  name: z.string(),
  shape: z.enum(FENCE_SHAPES),
  shapeLabel: z.string(),
  center: LonLat.nullable(),
  radius: z.number().int().nullable(),
  points: z.array(LonLat).nullable(),
  /** Square kilometres, on the sphere. */
  areaKm2: z.number(),
  vehicles: z.array(z.object({ id: z.number().int(), plateNumber: z.string(), plateColor: z.number().int() })),
  alert: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FenceView = z.infer<typeof FenceView>;

export const FENCE_EVENT_KINDS = ['in', 'out'] as const;
export const FENCE_EVENT_LABEL: Record<(typeof FENCE_EVENT_KINDS)[number], string> = { in: '驶入', out: '驶出' };

export const FenceEventView = z.object({
  id: z.number().int(),
  fenceId: z.number().int(),
  fenceName: z.string(),
  subscriptionId: z.number().int(),
  plateNumber: z.string(),
  kind: z.enum(FENCE_EVENT_KINDS),
  kindLabel: z.string(),
  /** When the track crossed the boundary (the first point on the new side). */
  at: z.string(),
  lon: z.number(),
  lat: z.number(),
  address: z.string(),
  /** Whether the alert contacts were told. */
  alerted: z.boolean(),
});
export type FenceEventView = z.infer<typeof FenceEventView>;

/**
 * fenceInOutQuery: the entries and exits found so far in a window, of one fence or all; check=1
 * first asks the tracks of the fence's vehicles in the window (one trajectory call each) and
 * computes them. export=1 answers the list as xlsx.
 */
export const FenceEventsInput = PageQuery.extend({
  ...WindowFields,
  fenceId: z.preprocess((v) => parseId(v) ?? undefined, z.number().optional()),
  subscriptionId: z.preprocess((v) => parseId(v) ?? undefined, z.number().optional()),
  check: FileFlag,
  export: FileFlag,
}).superRefine(checkWindow);
export type FenceEventsInput = z.infer<typeof FenceEventsInput>;

export const FenceCheckSummary = z.object({
  /** Tracks asked by check=1 (each one trajectory call), 0 without it. */
  tracks: z.number().int(),
  charged: z.number().int(),
  /** New entries and exits the check found. */
  found: z.number().int(),
  /** Vehicles whose track could not be had, with why. */
  problems: z.array(z.object({ plateNumber: z.string(), message: z.string() })),
});

// ── The calls ───────────────────────────────────────────────────────────────────────────────────
/** Behind menu code 11 车辆运力 (spec 02 §6): the server refuses an account without it. */
const transportCall = featureCalls(FEATURE.vehicleCapacity);

/**
 * 车辆运力. The company must be authenticated; every subscription, fence and event is the account's
 * own (a sub-account's are its own, calling through its assignments); another's answers as a
 * nonexistent id does. The shared H5 trajectory answers anyone holding its unguessable token.
 */
export const transportApi = {
  interfaces: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/checkApplyInterface',
    summary: '车辆工具所需接口（车辆实时位置、车辆轨迹查询）的购买与可用状态，及可按车牌查询的已购接口',
    answer: { data: VehicleInterfaces },
  }),
  subscriptions: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/queryByPage',
    summary: '订阅车辆列表（按车牌、颜色、状态筛选）；export=1 导出（xlsx），template=1 下载批量订阅模板',
    input: SubscriptionListInput,
    answer: { rows: SubscriptionView, export: [XLSX_TYPE] },
  }),
  subscribe: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/subscribe',
    body: 'multipart',
    summary: `订阅车辆：单辆（plateNumber、plateColor）或上传车辆文件（file，.xlsx/.csv，至多 ${TRANSPORT_LIMITS.maxSubscribeRows} 辆）；每辆车调用一次车辆实时位置接口确认在网并计费`,
    input: SubscribeInput,
    answer: { data: SubscribeResult },
    fails: ['ALL_0011'],
  }),
  update: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/update',
    summary: '修改订阅期限与备注',
    input: SubscriptionUpdateInput,
    answer: { data: SubscriptionView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  cancel: transportCall({
    method: 'GET',
    path: '/subscribeCarInfo/cancelSubscribe',
    summary: '取消订阅（不再定位与跟踪；已查询的记录保留）',
    input: SubscriptionIdInput,
    answer: { data: SubscriptionView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  query: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/subscribeToQueries',
    summary: '对订阅车辆调用一次已购的车辆类接口（按车牌与颜色入参），计费并记录',
    input: VehicleQueryInput,
    answer: { data: VehicleQueryView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  queryHistory: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/subscribeToQueriesHistory',
    summary: '订阅车辆的查询记录（最新在前，可按车辆筛选）',
    input: VehicleQueryHistoryInput,
    answer: { rows: VehicleQueryView },
  }),
  trajectory: transportCall({
    method: 'POST',
    path: '/subscribeCarInfo/trajectoryData',
    summary: `车辆轨迹（时段不超过 ${TRANSPORT_LIMITS.maxTrackHours} 小时）：轨迹点、停留点、里程与速度；调用一次车辆轨迹查询接口；export=1 导出轨迹点（xlsx）`,
    input: TrackInput,
    answer: { data: Track, export: [XLSX_TYPE] },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  positions: transportCall({
    method: 'POST',
    path: '/UserCenter/endPosition',
    summary: `订阅中车辆的最新位置；refresh=1 时为超过 ${TRANSPORT_LIMITS.positionFreshSeconds} 秒的位置各调用一次车辆实时位置接口`,
    input: PositionListInput,
    answer: { rows: PositionRow },
  }),
  shareTrajectory: transportCall({
    method: 'POST',
    path: '/UserCenter/vehicleTrajectoryH5',
    summary: `生成车辆轨迹的手机分享链接（${TRANSPORT_LIMITS.shareHours} 小时内有效），调用一次车辆轨迹查询接口`,
    input: TrackInput,
    answer: { data: TrackShare },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  sharedTrajectory: publicCall({
    method: 'POST',
    path: '/UserCenter/vehicleTrajectoryH5Page',
    summary: '手机分享页的车辆轨迹（凭分享链接的令牌）',
    input: TrackShareInput,
    answer: { data: SharedTrack },
    fails: ['ALL_0011'],
  }),
  fences: transportCall({
    method: 'POST',
    path: '/vehicleFencing/queryByPage',
    summary: '电子围栏列表（按名称筛选）',
    input: FenceListInput,
    answer: { rows: FenceView },
  }),
  saveFence: transportCall({
    method: 'POST',
    path: '/vehicleFencing/save',
    summary: '新建电子围栏：圆形（center、radius 米）或多边形（points），绑定订阅车辆，可开启进出提醒',
    input: FenceSaveInput,
    answer: { data: FenceView },
    fails: ['ALL_0011'],
  }),
  updateFence: transportCall({
    method: 'POST',
    path: '/vehicleFencing/update',
    summary: '修改电子围栏',
    input: FenceUpdateInput,
    answer: { data: FenceView },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  deleteFence: transportCall({
    method: 'POST',
    path: '/vehicleFencing/delete',
    summary: '删除电子围栏（连同其进出记录）',
    input: FenceIdInput,
    answer: { data: z.null() },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  fenceEvents: transportCall({
    method: 'POST',
    path: '/vehicleFencing/fenceInOutQuery',
    summary: `围栏进出记录（时段不超过 ${TRANSPORT_LIMITS.maxTrackHours} 小时）；check=1 先为绑定车辆各调用一次车辆轨迹查询并计算进出；export=1 导出（xlsx）`,
    input: FenceEventsInput,
    answer: { rows: FenceEventView, extra: { check: FenceCheckSummary }, export: [XLSX_TYPE] },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
} as const;
