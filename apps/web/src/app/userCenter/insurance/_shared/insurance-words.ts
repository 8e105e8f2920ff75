// What the 车险分析 screens say alike and is not drawing: where each model and its log live, where
// its interface is bought, the grades' colours, figures as an underwriter reads them. Kept apart so
// it is tested without a browser.
import { INSURANCE_INTERFACES, type InsuranceModel, type RiskGrade } from '@apimarket/contracts';

export const TRUCK_HREF = '/userCenter/truckInsurance';
export const FLEET_HREF = '/userCenter/insurance/truckInsuranceCpny';
export const FLEET_LOG_HREF = '/userCenter/insurance/truckInsuranceCpnyLog';
export const BUS_HREF = '/userCenter/insurance/boardBusInsurance';
export const BUS_LOG_HREF = '/userCenter/insurance/boardBusInsuranceLog';
export const HISTORY_HREF = '/userCenter/insurance/accessHistory';
export const accessLogHref = (id: number) => `/userCenter/insurance/accessHistoryLog?id=${id}`;
/** The truck model keeps its queries in the access history, filtered to it. */
export const TRUCK_LOG_HREF = `${HISTORY_HREF}?model=truck`;

export const MODEL_HREF: Record<InsuranceModel, string> = { truck: TRUCK_HREF, fleet: FLEET_HREF, bus: BUS_HREF };
export const MODEL_LOG_HREF: Record<InsuranceModel, string> = { truck: TRUCK_LOG_HREF, fleet: FLEET_LOG_HREF, bus: BUS_LOG_HREF };

/** The interface's page on the site (its price and packages), and 购买接口 with it chosen. */
export const interfaceHref = (model: InsuranceModel) => `/api/${INSURANCE_INTERFACES[model]}`;
export const buyHref = (model: InsuranceModel) => `/userCenter/dataManage/myAPI/purchase?interfaceId=${INSURANCE_INTERFACES[model]}`;

/** Grade colours from calm to alarming; the words always go with them (never colour alone). */
export const GRADE_COLOR: Record<RiskGrade, string> = { A: '#0b7a3b', B: '#3f8f2f', C: '#b07800', D: '#c8480b', E: '#c0262c' };
export const GRADE_TAG: Record<RiskGrade, string> = { A: 'success', B: 'green', C: 'gold', D: 'orange', E: 'error' };

/** 0.273 → 27.3%; whole numbers without a decimal. */
export function percent(share: number): string {
  const v = Math.round(share * 1000) / 10;
  return `${Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1)}%`;
}

/** 12345.6 → 12,346 公里. */
export const km = (v: number) => `${Math.round(v).toLocaleString('zh-CN')} 公里`;

/** 2.5 → 2.5 小时; 26 → 26 小时. */
export const hours = (v: number) => `${Number.isInteger(v) ? v : v.toFixed(1)} 小时`;

/** 135 → 2 小时 15 分. */
export function minutesText(m: number): string {
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} 分`;
  return rest ? `${h} 小时 ${rest} 分` : `${h} 小时`;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
/** An ISO instant as China wall-clock time: 2026-11-26 14:05. A readable string passes through. */
export function chinaTime(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms) || !/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso)) return iso.replace('T', ' ').slice(0, 16);
  return new Date(ms + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 16);
}

/** What the score means for a policy, by grade: one calm sentence about a vehicle or a fleet. */
export function gradeAdvice(grade: RiskGrade, fleet = false): string {
  const peers = fleet ? '同类车队' : '同类车辆';
  const safe = fleet ? '安全车队' : '安全车辆';
  const words: Record<RiskGrade, string> = {
    A: `驾驶行为稳定，风险明显低于${peers}。`,
    B: `整体风险较低，个别指标略高于${safe}。`,
    C: `风险处于${peers}的中间水平，建议结合主要风险因子核保。`,
    D: `多项指标高于${peers}，建议重点关注主要风险因子。`,
    E: `风险显著高于${peers}，建议审慎承保或附加风控条件。`,
  };
  return words[grade];
}
