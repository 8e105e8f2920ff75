export * from './categories';
export * from './members';
export * from './outbox';
export * from './sessions';
