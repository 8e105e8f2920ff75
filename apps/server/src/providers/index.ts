// Data providers behind the open data API (Decision 10): the deterministic sandbox every
// interface without supplier routes is answered by, the reading of a supplier's answer (the
// suppliers themselves are modules/suppliers' router), and the gateway's parameter checks.
export { parseAnswer } from './answer';
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
