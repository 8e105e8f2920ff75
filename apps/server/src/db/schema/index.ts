export * from './categories';
export * from './identity';
export * from './members';
export * from './outbox';
export * from './sessions';
