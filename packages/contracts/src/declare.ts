// The declarers: how a domain writes its calls (Decision 150). Kept apart from call.ts, which
// the browser's request client loads on every page: these build zod objects when their module
// loads, and a public page that only sends a call must not carry the validation library.
import { z } from 'zod';
import type { AnswerShape, Access, BodyEncoding, Call, CallSpec } from './call';
import type { ConsoleArea } from './console';

/** The input of a call that takes no fields: what a declaration that names no input gets. */
export const NoInput = z.object({});
export type NoInput = typeof NoInput;

/**
 * A declaration as written, without its input: `body` may be left out when it follows from the
 * method (see defineCall).
 */
export type CallDeclaration<A extends AnswerShape = AnswerShape, X extends Access = Access> = Omit<CallSpec<z.ZodType, A, X>, 'body' | 'input'> & {
  body?: BodyEncoding;
};

/** Fills in what a declaration may leave out: a GET has no body, a POST sends a form (the spec's default), no input is no fields. */
function completed(spec: CallDeclaration & { input?: z.ZodType }): Call {
  return { ...spec, body: spec.body ?? (spec.method === 'GET' ? 'none' : 'form'), input: spec.input ?? NoInput };
}

/**
 * Declares a call; the literal types are kept so request(call, input) knows its answer. Only a
 * JSON or multipart body is written out, and a call that takes no fields names no input; the
 * returned call always carries `body` and `input`, which the server, the web and the OpenAPI
 * documents read.
 */
export function defineCall<const I extends z.ZodType, const A extends AnswerShape, const X extends Access>(
  spec: CallDeclaration<A, X> & { input: I },
): CallSpec<I, A, X>;
export function defineCall<const A extends AnswerShape, const X extends Access>(spec: CallDeclaration<A, X>): CallSpec<NoInput, A, X>;
export function defineCall(spec: CallDeclaration & { input?: z.ZodType }): Call {
  return completed(spec);
}

/**
 * defineCall with the access rule given once: `qualifiedCall({ … })` reads as who may call it;
 * `feature`, when given, is the menu code every call of the declarer sits behind.
 */
/** The accesses that admit an account: the only ones a menu code can be asked of. */
type AccountAccess = Exclude<Access, 'anyone' | 'dev' | { operator: ConsoleArea }>;

export function callsFor<const X extends Access>(access: X, ...feature: X extends AccountAccess ? [feature?: number] : []) {
  // The overload with an input comes first, so a declaration spread from another keeps its input's type.
  function declare<const I extends z.ZodType, const A extends AnswerShape>(spec: Omit<CallDeclaration<A, X>, 'access'> & { input: I }): CallSpec<I, A, X>;
  function declare<const A extends AnswerShape>(spec: Omit<CallDeclaration<A, X>, 'access'>): CallSpec<NoInput, A, X>;
  function declare(spec: Omit<CallDeclaration, 'access'> & { input?: z.ZodType }): Call {
    const [code] = feature;
    return completed({ ...spec, access, ...(code === undefined ? {} : { feature: code }) });
  }
  return declare;
}

/** Declares a call anyone may make (access `anyone`). */
export const publicCall = callsFor('anyone');
/** Declares a call for a signed-in member (access `member`). */
export const memberCall = callsFor('member');
/** Declares a call for a member whose company is authenticated (access `qualified`). */
export const qualifiedCall = callsFor('qualified');
/** The declarer of one user-center area's calls: an authenticated company holding the area's menu code (spec 02 §6). */
export const featureCalls = (feature: number) => callsFor('qualified', feature);
/** Declares a call a sub-account makes only when its parent shows the company (access `companyView`). */
export const companyViewCall = callsFor('companyView');
/** Declares a development tool (access `dev`). */
export const devCall = callsFor('dev');
/** The declarer of one console area's calls (access `{ operator: area }`), made once per group. */
export const operatorCalls = <const A extends ConsoleArea>(area: A) => callsFor({ operator: area });
