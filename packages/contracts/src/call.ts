// One declaration per portal call (Decision 150): its method, the spec's path, how the body is
// encoded, who may call it, the request schema and the answer schema. The server registers its
// routes from these, the web's request(call, input) is typed by them, and the OpenAPI document
// is generated from them — so the three cannot disagree.
import type { z } from 'zod';
import type { ConsoleArea } from './console';
import type { ErrorCode } from './errors';
import type { ListEnvelope, OkEnvelope } from './envelope';

/**
 * Who may call:
 * - `anyone`: no session needed (one sent may still shape the answer, e.g. 已收藏);
 * - `member`: signed in (ALL_0024 otherwise);
 * - `qualified`: signed in and the company authenticated (ALL_0060);
 * - `companyView`: signed in, and a sub-account only when its parent shows the company (ALL_0010);
 * - `operator`: a console operator whose role may work the area (ALL_0024, ALL_0010);
 * - `dev`: the development tools (DEV_TOOLS=1 only; absent otherwise).
 */
export type Access = 'anyone' | 'member' | 'qualified' | 'companyView' | 'dev' | { operator: ConsoleArea };

/** form-urlencoded (the spec's default), JSON, multipart (a file), or no body (GET). */
export type BodyEncoding = 'form' | 'json' | 'multipart' | 'none';

/**
 * The answer: the envelope's `data`, a page (`rows`/`total`), or a file (its content types). A
 * value or a page may carry named keys beside them (a queue's tab `counts`, the captcha's `img`
 * and `uuid`, which the spec puts beside code and msg); each is declared in `extra`. A list
 * that can also be downloaded (its input asks with export=1 or template=1) names the file's
 * content types in `export`.
 */
export type AnswerShape =
  | { data: z.ZodType; extra?: Readonly<Record<string, z.ZodType>>; export?: readonly string[] }
  | { rows: z.ZodType; extra?: Readonly<Record<string, z.ZodType>>; export?: readonly string[] }
  | { file: readonly string[] };

/** The keys an answer carries beside data, or rows and total, as the browser reads them. */
export type PageExtra<A> = A extends { extra: infer E extends Readonly<Record<string, z.ZodType>> } ? { [K in keyof E]: z.output<E[K]> } : unknown;

export interface CallSpec<I extends z.ZodType = z.ZodType, A extends AnswerShape = AnswerShape, X extends Access = Access> {
  method: 'GET' | 'POST';
  /** Under /apiHome, the spec's letters; `:name` is a path parameter carried in the input. */
  path: string;
  body: BodyEncoding;
  access: X;
  input: I;
  answer: A;
  /** One line for the OpenAPI document (Chinese, as the spec names the call). */
  summary: string;
  /** Called by an <img> or a plain link, which cannot sign: the session cookie alone decides. */
  unsigned?: boolean;
  /** The browser seals every field (encrypt=1, spec 01 §7.1). */
  encrypt?: boolean;
  /** Bytes this call's body may have when it exceeds the server's default (an image pair to compare). */
  bodyLimit?: number;
  /** Codes this call answers beyond the ones every call may give (see commonFailures). */
  fails?: readonly ErrorCode[];
  /**
   * The menu code (spec 02 §6) the account must hold: the screens behind a code are the pages'
   * half, the server refuses the calls with ALL_0010 and 「未开通」 words (Decision 206).
   */
  feature?: number;
}

export type Call = CallSpec<z.ZodType, AnswerShape, Access>;

/** The content type of every spreadsheet the platform answers. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What the web sends: the schema's input side (form fields arrive as text). A field whose rule
 * accepts anything on input (a `z.preprocess` that supplies its own default, like pageNum) may be
 * left out, as the server fills it in.
 */
export type CallInput<C extends Call> = OptionalWhereUnknown<z.input<C['input']>>;

type OptionalWhereUnknown<T> =
  T extends Record<string, unknown>
    ? { [K in keyof T as unknown extends T[K] ? never : K]: T[K] } & { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] }
    : T;
/** What the server's handler receives once the schema has parsed the fields. */
export type CallParsed<C extends Call> = z.output<C['input']>;

/** The success body the call answers with. */
export type CallReply<C extends Call> = C['answer'] extends { data: infer S extends z.ZodType }
  ? OkEnvelope<z.output<S>> & PageExtra<C['answer']>
  : C['answer'] extends { rows: infer S extends z.ZodType }
    ? ListEnvelope<z.output<S>> & PageExtra<C['answer']>
    : Blob;

/** The answer's data (or one row of a page). */
export type CallData<C extends Call> = C['answer'] extends { data: infer S extends z.ZodType }
  ? z.output<S>
  : C['answer'] extends { rows: infer S extends z.ZodType }
    ? z.output<S>
    : never;

/** `/api/interface/:id` with { id: 7 } → `/api/interface/7` (the rest of the input stays fields). */
export function callPath(call: Pick<Call, 'path'>, input: Record<string, unknown> = {}): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const path = call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path, rest };
}

/** The OpenAPI form of a path: `:id` → `{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

/**
 * Codes any call may answer: the wire conventions (signature, decryption, body size and type,
 * CSRF), a field's rule, a throttle, and the platform being unwell. Access adds its own.
 */
export const COMMON_FAILURES = [
  'ALL_0001',
  'ALL_0002',
  'ALL_0003',
  'ALL_0004',
  'ALL_0005',
  'ALL_0006',
  'ALL_0007',
  'ALL_0009',
  'ALL_0012',
  'ALL_0014',
  'ALL_0098',
  'ALL_0099',
] as const satisfies readonly ErrorCode[];

/** The codes a call's access rule can answer with. */
export function accessFailures(access: Access): ErrorCode[] {
  if (access === 'anyone' || access === 'dev') return [];
  if (access === 'member') return ['ALL_0024'];
  if (access === 'qualified') return ['ALL_0024', 'ALL_0060'];
  return ['ALL_0024', 'ALL_0010'];
}

/** Every code the call may answer, common ones first. */
export function callFailures(call: Pick<Call, 'access' | 'fails' | 'feature'>): ErrorCode[] {
  const feature: ErrorCode[] = call.feature === undefined ? [] : ['ALL_0010'];
  return [...new Set<ErrorCode>([...COMMON_FAILURES, ...accessFailures(call.access), ...feature, ...(call.fails ?? [])])];
}
