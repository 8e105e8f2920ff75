// Need matching: a visitor's industry and scenario, or a need in their own words, understood as
// the needs of a written table (matching.data.ts) and ranked into the interfaces that serve them,
// each with the needs it serves as reasons.
import type { InterfaceMatchInput } from '@apimarket/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interfaces } from '../../db/schema';
import { COMPANY_WORDS, type Need, NEEDS, SCENARIOS, type Subject } from './matching.data';
import { addWords, segment } from './words';

const MAX_RESULTS = 12;

export function matchOptions() {
  return Object.entries(SCENARIOS).map(([industry, scenarios]) => ({
    industry,
    scenarios: scenarios.map((s) => ({ name: s.name, description: s.description })),
  }));
}

type Candidate = { id: number; score: number; reasons: Array<{ text: string; score: number }> };

function add(map: Map<number, Candidate>, id: number, score: number, reason: string) {
  const c = map.get(id) ?? { id, score: 0, reasons: [] };
  c.score += score;
  if (!c.reasons.some((r) => r.text === reason)) c.reasons.push({ text: reason, score });
  map.set(id, c);
}

addWords(NEEDS.flatMap((n) => [...n.words, ...(n.with ?? []), ...(n.unless ?? [])]).concat(COMPANY_WORDS));

/** Where a word is said in the text as whole words (it starts where a word starts and ends where one ends), or -1. */
function said(text: string, starts: Set<number>, ends: Set<number>, word: string): number {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) if (starts.has(at) && ends.has(at + word.length)) return at;
  return -1;
}

/**
 * The needs a text states, in the order it states them, each with the word that said it. Words
 * are matched whole after segmentation, so 驾照 is a driving licence and 网约车 says nothing of 车.
 */
export function understand(need: string): Array<{ need: Need; word: string; at: number }> {
  const text = need.toLowerCase();
  const tokens = segment(text);
  const starts = new Set(tokens.map((t) => t.start));
  const ends = new Set(tokens.map((t) => t.end));
  const first = (words: string[]) =>
    words.reduce<{ word: string; at: number } | null>((best, w) => {
      const at = said(text, starts, ends, w);
      return at !== -1 && (!best || at < best.at) ? { word: w, at } : best;
    }, null);
  const out: Array<{ need: Need; word: string; at: number }> = [];
  for (const n of NEEDS) {
    const hit = first(n.words);
    if (!hit || (n.with && !first(n.with)) || (n.unless && first(n.unless))) continue;
    out.push({ need: n, ...hit });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** A need's first pick counts most, each next one less; a pick for the other kind of subject counts half. */
const PICK_SCORE = (place: number) => Math.max(2, 10 - 2 * place);
const OTHER_SUBJECT = 0.5;

export async function matchInterfaces(db: Db, input: InterfaceMatchInput) {
  const found = new Map<number, Candidate>();

  const scenarios = input.industry ? (SCENARIOS[input.industry] ?? []) : [];
  for (const s of scenarios) {
    if (input.scenario && s.name !== input.scenario) continue;
    for (const [i, p] of s.picks.entries()) add(found, p.id, 10 - i, `${s.name}：${p.why}`);
  }

  const stated = input.need ? understand(input.need) : [];
  const text = input.need.toLowerCase();
  const subject: Subject = COMPANY_WORDS.some((w) => text.includes(w)) ? 'company' : 'person';
  for (const { need, word } of stated) {
    for (const [place, p] of need.picks.entries()) {
      const id = typeof p === 'number' ? p : p.id;
      const score = PICK_SCORE(place) * (typeof p !== 'number' && p.subject !== subject ? OTHER_SUBJECT : 1);
      // The reason names the need and the words that said it; the row's summary says what the interface does.
      add(found, id, score, `${need.label}（您提到“${word}”）`);
    }
  }

  const ranked = [...found.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, MAX_RESULTS);
  const understood = [...new Set(stated.map((s) => s.need.label))];
  if (ranked.length === 0) return { rows: [], understood };
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
    .where(
      and(
        inArray(
          interfaces.id,
          ranked.map((r) => r.id),
        ),
        eq(interfaces.status, 'on_sale'),
      ),
    );
  const byId = new Map(details.map((d) => [d.id, d]));
  return {
    rows: ranked.flatMap((r) => {
      const d = byId.get(r.id);
      // The reasons that weigh most first.
      return d
        ? [
            {
              ...d,
              reasons: [...r.reasons]
                .sort((a, b) => b.score - a.score)
                .slice(0, 3)
                .map((x) => x.text),
            },
          ]
        : [];
    }),
    understood,
  };
}
