'use client';
import { useSyncExternalStore } from 'react';
import { type DeviceInfo, parseDevice } from './device';

let cached: DeviceInfo | undefined;
const subscribe = () => () => {};
const desktop = parseDevice('');

/** The visitor's device, for client components (desktop during server render). */
export function useDevice(): DeviceInfo {
  return useSyncExternalStore(
    subscribe,
    () => {
      cached ??= parseDevice(navigator.userAgent);
      return cached;
    },
    () => desktop,
  );
}
