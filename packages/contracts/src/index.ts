// @apimarket/contracts: what the web and the server must agree on — envelope, error table,
// validation rules with their Chinese messages, business constants and the wire helpers.
// Browser-safe: no Node-only module, no framework, no ORM.
export * from './account';
export * from './catalog';
export * from './constants';
export * from './format';
export * from './content';
export * from './envelope';
export * from './errors';
export * from './lead-words';
export * from './leads';
export * from './legal-entity.mjs';
export * from './paging';
export * from './validation';
export * from './wire';
export * from './wire-crypto';
export * from './keys';
export * from './billing';
export * from './gateway';
export * from './interface-doc';
export * from './whitelist';
export * from './purchases';
export * from './favorites';
export * from './paytest';
export * from './subconsume';
export * from './entitlements';
export * from './online';
export * from './trial';
export * from './usage';
export * from './alerts';
export * from './console';
export * from './console-reviews';
export * from './console-leads';
export * from './console-members';
export * from './console-catalogue';
export * from './console-content';
export * from './input-guard';
