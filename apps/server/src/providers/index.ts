// Data providers behind the open data API (Decision 10): the deterministic sandbox by default,
// an HTTP upstream per interface when configured, and the gateway's parameter checks.
import { httpProvider } from './http';
import { sandboxProvider } from './sandbox';
import type { DataProvider } from './types';

export { type HttpUpstream, httpProvider, parseAnswer } from './http';
export { sandboxAnswer, sandboxProvider } from './sandbox';
export * from './types';
export {
  checkParams,
  decodeBase64Payload,
  idCheckChar,
  isValidCardNumber,
  isValidIdNumber,
  isValidMobile,
  isValidPlate,
  isValidVin,
  isWellFormed,
  luhn,
  type ParamProblem,
} from './validate';

export type Upstream = { kind: 'sandbox' } | { kind: 'http'; url: string; timeoutMs: number; headers?: Record<string, string> };

/** One sandbox serves every interface; it holds no state. */
const sandbox = sandboxProvider();

/** The provider an interface's upstream setting calls for. */
export function providerFor(upstream: Upstream): DataProvider {
  return upstream.kind === 'http' ? httpProvider(upstream) : sandbox;
}
