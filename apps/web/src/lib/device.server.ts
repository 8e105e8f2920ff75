import 'server-only';
import { headers } from 'next/headers';
import { type DeviceInfo, parseDevice } from './device';

/** The visitor's device, for server components. */
export async function getDevice(): Promise<DeviceInfo> {
  return parseDevice((await headers()).get('user-agent'));
}
