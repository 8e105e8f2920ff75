// The facts the open data API reads on every call (a key's purchase, an interface, an account's
// signing credentials, whether its company is authenticated, its IP whitelist), kept briefly in
// this process so a call costs one commit and not five lookups. Whoever changes one of those
// facts calls forget() with its name, and this process sees the change at once; other server
// processes see it when their copy expires (each memo's lifetime says how long that may be).
//
// This module imports nothing of the project, so the services that change a fact and the gateway
// that reads it both depend on it and not on each other.

export type Fact = 'purchases' | 'interfaces' | 'credentials' | 'qualification' | 'whitelist' | 'suppliers';

/** A purchase's cached facts name its interface: forgetting interfaces forgets purchases too. */
const ALSO: Partial<Record<Fact, Fact[]>> = { interfaces: ['purchases'] };

interface Forgettable {
  readonly byMember: boolean;
  forgetMember(memberId: number): void;
  clear(): void;
}
const memos = new Map<Fact, Forgettable[]>();

export interface MemoOptions {
  /** How long an entry answers, in ms (Infinity: until forgotten). */
  ms: number;
  /** Entries kept at most; reaching it starts afresh, so a flood of distinct keys cannot grow memory. */
  max: number;
  /** The key is a member id, so forget(fact, memberId) drops only that member's entry. */
  byMember?: boolean;
}

export class Memo<K, V> implements Forgettable {
  private readonly entries = new Map<K, { value: V; until: number }>();
  readonly byMember: boolean;

  constructor(
    fact: Fact,
    private readonly options: MemoOptions,
  ) {
    this.byMember = options.byMember ?? false;
    memos.set(fact, [...(memos.get(fact) ?? []), this]);
  }

  /** The remembered value, or undefined when there is none or it has expired. */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.options.max) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + this.options.ms });
  }

  forgetMember(memberId: number): void {
    this.entries.delete(memberId as K);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Forget a fact after changing it: one member's entry where the memo is keyed by member and a
 * member is named, otherwise everything remembered of that fact.
 */
export function forget(fact: Fact, memberId?: number): void {
  for (const m of memos.get(fact) ?? []) {
    if (memberId !== undefined && m.byMember) m.forgetMember(memberId);
    else m.clear();
  }
  for (const also of ALSO[fact] ?? []) forget(also, memberId);
}

/** Forget every fact (tests, which reset the database under a running process). */
export function forgetEverything(): void {
  for (const list of memos.values()) for (const m of list) m.clear();
}
