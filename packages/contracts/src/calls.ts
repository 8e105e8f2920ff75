// Every declared portal call, found among the package's exports: each domain exports its calls
// as one `<domain>Api` object beside its rules (favoritesApi, keysApi…). The server's routes
// test, the OpenAPI generator and the fuzz run all read this one list.
import type { Call } from './call';
import * as contracts from './index';

function isCall(value: unknown): value is Call {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (v.method === 'GET' || v.method === 'POST') && typeof v.path === 'string' && typeof v.input === 'object' && typeof v.answer === 'object';
}

/** Each `<domain>Api` group by its export name, with its calls by their key. */
export function callGroups(): Array<{ group: string; calls: Array<{ name: string; call: Call }> }> {
  const groups: Array<{ group: string; calls: Array<{ name: string; call: Call }> }> = [];
  for (const [group, value] of Object.entries(contracts)) {
    if (!group.endsWith('Api') || value === null || typeof value !== 'object') continue;
    const calls = Object.entries(value as Record<string, unknown>).flatMap(([name, call]) => (isCall(call) ? [{ name, call }] : []));
    if (calls.length > 0) groups.push({ group, calls });
  }
  return groups.sort((a, b) => a.group.localeCompare(b.group));
}

/** Every declared call. */
export function allCalls(): Call[] {
  return callGroups().flatMap((g) => g.calls.map((c) => c.call));
}
