// JSON values as the sandbox edits them. Every edit goes through `put`, which only replaces an
// existing key with a value of the same kind, so an answer always keeps its documented shape.

export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** A deep copy of a JSON-compatible value, checked; throws on anything JSON cannot carry. */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v);
    return out;
  }
  throw new TypeError(`not JSON: ${typeof value}`);
}

export const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export function kindOf(v: Json): Kind {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'object';
}

/** Sets `o[key]` only when the key exists and keeps its kind; returns whether it did. */
export function put(o: Json | undefined, key: string, value: Json): boolean {
  if (!isObject(o) || !(key in o)) return false;
  const current = o[key];
  if (current === undefined || kindOf(current) !== kindOf(value)) return false;
  o[key] = value;
  return true;
}

/** Several `put`s at once. */
export function putAll(o: Json | undefined, values: Record<string, Json>): void {
  for (const [k, v] of Object.entries(values)) put(o, k, v);
}

export const str = (o: Json | undefined, key: string): string | undefined => {
  const v = isObject(o) ? o[key] : undefined;
  return typeof v === 'string' ? v : undefined;
};

export const num = (o: Json | undefined, key: string): number | undefined => {
  const v = isObject(o) ? o[key] : undefined;
  return typeof v === 'number' ? v : undefined;
};

export const arr = (o: Json | undefined, key: string): Json[] | undefined => {
  const v = isObject(o) ? o[key] : undefined;
  return Array.isArray(v) ? v : undefined;
};

/** Rebuilds a value bottom-up, letting `visit` replace each leaf; `key` is its property name. */
export function mapLeaves(value: Json, visit: (leaf: string | number | boolean | null, key: string, path: string) => Json, key = '', path = ''): Json {
  if (Array.isArray(value)) return value.map((v, i) => mapLeaves(v, visit, key, `${path}[${i}]`));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapLeaves(v, visit, k, path ? `${path}.${k}` : k);
    return out;
  }
  return visit(value, key, path);
}
