export * from './catalog';
export * from './categories';
export * from './content';
export * from './identity';
export * from './leads';
export * from './members';
export * from './outbox';
export * from './sessions';
