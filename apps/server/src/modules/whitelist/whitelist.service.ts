// IP whitelists of the open data API (spec 02 §7): stored normalised, matched with node:net's
// BlockList (IPv4, IPv6, CIDR, IPv4-mapped IPv6). An account with no entry that applies to an
// interface is not restricted for it; with entries, the caller's address must match one of them.
import { BlockList, isIP } from 'node:net';
import { type IpBindingRow, WHITELIST_MSG } from '@apimarket/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forget, Memo } from '../../memo';
import { interfaces, ipBindings, purchases } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { purchasedInterfaces } from '../purchases/purchases.service';

/** "203.0.113.7" → itself; "203.0.113.9/24" → "203.0.113.0/24"; v6 compressed by node. */
export function normalise(text: string): string {
  const [address = '', prefixText] = text.trim().split('/');
  const family = isIP(address);
  if (family === 0) throw new Invalid(WHITELIST_MSG.ipInvalid(text));
  if (prefixText === undefined) return family === 4 ? address : new URL(`http://[${address}]`).hostname.slice(1, -1);
  const prefix = Number(prefixText);
  // An IPv4 block is stored by its network address, as people write it (203.0.113.0/24).
  if (family === 4) {
    const n = address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(part), 0n);
    const mask = prefix === 0 ? 0n : ((1n << 32n) - 1n) ^ ((1n << BigInt(32 - prefix)) - 1n);
    const net = n & mask;
    return `${[24n, 16n, 8n, 0n].map((s) => String((net >> s) & 255n)).join('.')}/${prefix}`;
  }
  return `${new URL(`http://[${address}]`).hostname.slice(1, -1)}/${prefix}`;
}

export async function listBindings(db: Db, account: Account): Promise<IpBindingRow[]> {
  const rows = await db
    .select({ id: ipBindings.id, interfaceId: ipBindings.interfaceId, ip: ipBindings.cidr, createdAt: ipBindings.createdAt, name: interfaces.interfaceName })
    .from(ipBindings)
    .leftJoin(interfaces, eq(interfaces.id, ipBindings.interfaceId))
    .where(eq(ipBindings.memberId, account.memberId))
    .orderBy(asc(ipBindings.interfaceId), asc(ipBindings.id));
  return rows.map((r) => ({
    id: r.id,
    interfaceId: r.interfaceId,
    interfaceName: r.interfaceId === 0 ? '全部接口' : (r.name ?? ''),
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The account's purchased interfaces, for the whitelist form's choice (FindInterfaceInfo). */
export async function whitelistInterfaces(db: Db, account: Account) {
  return purchasedInterfaces(db, account).orderBy(asc(interfaces.interfaceName));
}

export async function saveBindings(db: Db, account: Account, input: { ip: string[]; interfaceId: number }): Promise<number> {
  if (input.interfaceId !== 0) {
    const [own] = await db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.memberId, account.memberId), eq(purchases.interfaceId, input.interfaceId)));
    if (!own) throw new Invalid(WHITELIST_MSG.notPurchased);
  }
  const values = [...new Set(input.ip.map(normalise))].map((cidr) => ({ memberId: account.memberId, interfaceId: input.interfaceId, cidr }));
  const added = await db.insert(ipBindings).values(values).onConflictDoNothing().returning({ id: ipBindings.id });
  forget('whitelist', account.memberId);
  return added.length;
}

export async function dropBinding(db: Db, account: Account, id: number): Promise<void> {
  const gone = await db
    .delete(ipBindings)
    .where(and(eq(ipBindings.id, id), eq(ipBindings.memberId, account.memberId)))
    .returning({ id: ipBindings.id });
  if (gone.length === 0) throw new NotFound(WHITELIST_MSG.missing);
  forget('whitelist', account.memberId);
}

// ── The gateway's check ──────────────────────────────────────────────────────────────────────
/** Per member: the entries as BlockLists by interface (0: all), kept a short while (saves here forget them at once). */
const cache = new Memo<number, Map<number, BlockList>>('whitelist', { ms: 60_000, max: 50_000, byMember: true });

/** May `ip` call `interfaceId` for this member? */
export async function ipAllowed(db: Db, memberId: number, interfaceId: number, ip: string): Promise<boolean> {
  let byInterface = cache.get(memberId);
  if (!byInterface) {
    const all = await db.select({ interfaceId: ipBindings.interfaceId, cidr: ipBindings.cidr }).from(ipBindings).where(eq(ipBindings.memberId, memberId));
    byInterface = new Map<number, BlockList>();
    for (const r of all) {
      const list = byInterface.get(r.interfaceId) ?? new BlockList();
      const [address = '', prefix] = r.cidr.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
      byInterface.set(r.interfaceId, list);
    }
    cache.set(memberId, byInterface);
  }
  const lists = [byInterface.get(0), byInterface.get(interfaceId)].filter((l): l is BlockList => l !== undefined);
  if (lists.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return lists.some((l) => l.check(address, type));
}
