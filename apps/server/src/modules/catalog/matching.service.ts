// Need matching: a visitor's industry and scenario, or a need in their own words, ranked into
// the interfaces that fit, each with the reasons it was chosen.
import type { InterfaceMatchInput } from '@apimarket/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interfaces } from '../../db/schema';
import { NEED_TERMS, SCENARIOS } from './matching.data';

const MAX_RESULTS = 12;

export function matchOptions() {
  return Object.entries(SCENARIOS).map(([industry, scenarios]) => ({
    industry,
    scenarios: scenarios.map((s) => ({ name: s.name, description: s.description })),
  }));
}

type Candidate = { id: number; score: number; reasons: string[] };

function add(map: Map<number, Candidate>, id: number, score: number, reason: string) {
  const c = map.get(id) ?? { id, score: 0, reasons: [] };
  c.score += score;
  if (!c.reasons.includes(reason)) c.reasons.push(reason);
  map.set(id, c);
}

export async function matchInterfaces(db: Db, input: InterfaceMatchInput) {
  const found = new Map<number, Candidate>();

  const scenarios = input.industry ? (SCENARIOS[input.industry] ?? []) : [];
  for (const s of scenarios) {
    if (input.scenario && s.name !== input.scenario) continue;
    for (const [i, p] of s.picks.entries()) add(found, p.id, 10 - i, `${s.name}：${p.why}`);
  }

  const need = input.need.toLowerCase();
  const wanted = NEED_TERMS.filter((t) => t.words.some((w) => need.includes(w)));
  if (wanted.length > 0) {
    const terms = [...new Set(wanted.flatMap((t) => t.terms))];
    const rows = await db
      .select({ id: interfaces.id, name: interfaces.interfaceName, summary: interfaces.summary, hot: interfaces.isHot })
      .from(interfaces)
      .where(
        and(
          eq(interfaces.status, 'on_sale'),
          or(...terms.map((t) => sql`${interfaces.searchName} like ${`%${t.toLowerCase()}%`}`)),
        ),
      );
    for (const r of rows) {
      for (const t of wanted) {
        const hit = t.terms.find((term) => r.name.toLowerCase().includes(term.toLowerCase()));
        if (hit) add(found, r.id, 4 + (r.hot ? 1 : 0), `您提到“${t.words.find((w) => need.includes(w))}”，属于${t.label}：${r.summary}`);
      }
    }
  }

  const ranked = [...found.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, MAX_RESULTS);
  if (ranked.length === 0) return { rows: [], understood: [] as string[] };
  const details = await db
    .select({
      id: interfaces.id,
      interfaceName: interfaces.interfaceName,
      summary: interfaces.summary,
      categoryName: categories.categoryName,
      isHot: interfaces.isHot,
      isNew: interfaces.isNew,
      enterpriseOnly: interfaces.enterpriseOnly,
      priceFrom: interfaces.priceFrom,
    })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(and(inArray(interfaces.id, ranked.map((r) => r.id)), eq(interfaces.status, 'on_sale')));
  const byId = new Map(details.map((d) => [d.id, d]));
  return {
    rows: ranked.flatMap((r) => {
      const d = byId.get(r.id);
      return d ? [{ ...d, reasons: r.reasons.slice(0, 3) }] : [];
    }),
    understood: wanted.map((t) => t.label),
  };
}
