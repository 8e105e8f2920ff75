// What the gateway needs from a data provider (Decision 10): one call per customer request, an
// answer in the interface's own business codes, and two typed failures for an unhealthy upstream.
import type { CallAttempt } from '../db/schema/gateway';
import type { SeedCode, SeedField, SeedParam } from '../db/seed/data/types';

/** One interface as its documentation describes it (the `interfaces` + `interface_docs` rows). */
export interface InterfaceSpec {
  id: number;
  categoryId: number;
  interfaceName: string;
  params: SeedParam[];
  responseFields: SeedField[];
  codes: SeedCode[];
  sampleResponse: { code: string; message: string; data: unknown; seqNo?: string };
}

/** The provider's part of the gateway answer; the gateway adds `seqNo`. */
export interface ProviderAnswer {
  /** One of the interface's own codes: "10000" success, "100xx" a business outcome. */
  code: string;
  message: string;
  data: unknown;
}

/** How a call went through the suppliers (issue #24): kept on its record. */
export interface SupplierTrace {
  /** The supplier that answered; null when none did. */
  answeredBy: number | null;
  /** Its name, for the record's provider column ('' when none answered). */
  name: string;
  /** What it charges for the answer, milli-fen. */
  costMfen: number;
  /** How long it took, ms. */
  ms: number | null;
  attempts: CallAttempt[];
}

/** An answer of the suppliers, with how it was reached. */
export interface RoutedAnswer extends ProviderAnswer {
  supplier?: SupplierTrace;
  /** Who answered, for the record ('sandbox', a supplier's name), when not the provider itself. */
  by?: string;
}

export interface DataProvider {
  /** Shown in call logs and health checks: "sandbox", "http". */
  name: string;
  /**
   * Answers one call. `params` are the customer's parameters (the gateway's own fields such as
   * `key` removed). Rejects with UpstreamTimeout / UpstreamRefused when the source is unusable;
   * the caller's `signal` aborts the call when the customer goes away.
   */
  call(spec: InterfaceSpec, params: Record<string, string>, options: CallOptions): Promise<RoutedAnswer>;
}

export interface CallOptions {
  /** Aborts the call (the caller went away); absent, only the deadline ends it. */
  signal?: AbortSignal;
  /** When the whole call must have its answer (epoch ms): a failed supplier is followed by the next only while time is left. */
  deadlineAt?: number;
}

/** The upstream did not answer in time (gateway SYSTEM_027). */
export class UpstreamTimeout extends Error {
  /** The suppliers tried, when the interface has them. */
  supplier?: SupplierTrace;
  constructor(message = '数据源响应超时') {
    super(message);
    this.name = 'UpstreamTimeout';
  }
}

/** The upstream refused, failed or answered something unusable (gateway SYSTEM_028). */
export class UpstreamRefused extends Error {
  supplier?: SupplierTrace;
  constructor(message = '数据源拒绝服务', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamRefused';
  }
}

/** Every supplier of the interface was at its limit of calls at once, or none could be tried (gateway SYSTEM_038). */
export class UpstreamBusy extends Error {
  supplier?: SupplierTrace;
  constructor(message = '数据源繁忙') {
    super(message);
    this.name = 'UpstreamBusy';
  }
}
