// The catalogue search index: every interface's name, labels, category and summary held in
// memory with their pinyin and the columns lists filter and order on; searched by segmented
// words, synonyms and pinyin, scored by field, then by popularity. Rebuilt on any change.
import type { InterfaceSearch, SearchHighlight } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interfaceLabels, interfaces } from '../../db/schema';
import { SYNONYM_WORDS, synonymsOf } from './search.synonyms';
import { addWords, segment, spell, type Spelling } from './words';

addWords(SYNONYM_WORDS);

export type Range = [start: number, end: number];

/** One interface as the index holds it: its words and what lists filter and order on. */
export interface SearchDoc {
  id: number;
  name: string;
  summary: string;
  category: string;
  labels: string[];
  categoryId: number;
  labelIds: number[];
  onSale: boolean;
  isHot: boolean;
  isNew: boolean;
  menuDisplay: boolean;
  hits: number;
  sort: number;
  createdAt: number;
  priceFrom: number | null;
}

/**
 * How much a word found in each field counts. A synonym counts as a label would in the name and
 * less elsewhere; pinyin letters count nearly as the name itself (the buyer typed the name).
 */
const WEIGHT = { name: 10, label: 6, category: 4, summary: 2, synonym: 0.6, pinyin: 8, otherField: 0.5 } as const;
/** Bonus when the whole query, as typed, is the name or is inside it. */
const PHRASE = { whole: 20, inside: 5 } as const;
/** Words a query may carry that say nothing about which interface (身份证接口 = 身份证). */
const NOISE = new Set(['接口', 'api', '服务', '数据']);
const LETTERS = /^[a-z]{2,}$/;
/** Words of one query searched for; the rest of a long query is left out. */
const MAX_TERMS = 6;

type Doc = SearchDoc & { nameL: string; summaryL: string; categoryL: string; labelsL: string[]; spelling: Spelling };
/** A query word and the words it stands for, each with how much a find of it counts. */
export type Term = { words: Array<{ w: string; factor: number }>; letters: string | null };
export type Found = { ids: number[]; partial: boolean; terms: Term[] };

function occurrences(text: string, word: string, into: Range[]): void {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) into.push([at, at + word.length]);
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function candidatesIn(grams: Map<string, number[]>, word: string): number[] {
  if (word.length === 1) return grams.get(word) ?? [];
  let best: number[] | undefined;
  for (let i = 0; i + 1 < word.length; i++) {
    const list = grams.get(word.slice(i, i + 2));
    if (!list) return [];
    if (!best || list.length < best.length) best = list;
  }
  return best ?? [];
}

/** The characters of a name whose pinyin the letters spell: initials, or full pinyin from a syllable's start. */
function pinyinRange(s: Spelling, letters: string): Range | null {
  const initial = s.initials.indexOf(letters);
  if (initial !== -1) return [initial, initial + letters.length];
  for (let at = s.full.indexOf(letters); at !== -1; at = s.full.indexOf(letters, at + 1)) {
    const first = s.starts.indexOf(at);
    if (first === -1) continue;
    let last = first;
    while (last + 1 < s.starts.length && (s.starts[last + 1] ?? Number.POSITIVE_INFINITY) < at + letters.length) last++;
    return [first, last + 1];
  }
  return null;
}

const bySort = (a: Doc, b: Doc) => a.sort - b.sort || a.id - b.id;
const byPopularity = (a: Doc, b: Doc) => b.hits - a.hits || Number(b.isHot) - Number(a.isHot) || bySort(a, b);
/** The list orders other than relevance (sortId 1 最新, 2 最受欢迎, 3 价格最低); popularity also breaks relevance ties. */
const ORDERS: Array<[InterfaceSearch['sortId'], (a: Doc, b: Doc) => number]> = [
  [1, (a, b) => Number(b.isNew) - Number(a.isNew) || b.createdAt - a.createdAt || b.id - a.id],
  [2, byPopularity],
  [3, (a, b) => (a.priceFrom ?? Number.MAX_SAFE_INTEGER) - (b.priceFrom ?? Number.MAX_SAFE_INTEGER) || bySort(a, b)],
];
/** Sort keys: relevance in tenths above the place in an order (at most RANK_SPAN interfaces). */
const RANK_SPAN = 2 ** 24;
const MAX_SCORE10 = 2 ** 20;
const FIELD = { name: 1, label: 2, category: 4, summary: 8 } as const;
const FIELDS_IN = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

export class SearchIndex {
  private readonly docs: Doc[];
  private readonly byId = new Map<number, Doc>();
  /** Pieces (one and two characters) of names, of summaries and of name spellings → documents. */
  private readonly nameGrams = new Map<string, number[]>();
  private readonly summaryGrams = new Map<string, number[]>();
  private readonly spellingGrams = new Map<string, number[]>();
  /** Few distinct labels and categories: each is matched once, then stands for its documents. */
  private readonly labelDocs = new Map<string, number[]>();
  private readonly categoryDocs = new Map<string, number[]>();
  /** Each document's place in each static order (popularity for sortId 0 and 2). */
  private readonly ranks = new Map<InterfaceSearch['sortId'], Int32Array>();
  private readonly byRank = new Map<InterfaceSearch['sortId'], Int32Array>();
  // Scratch space of one search, one slot per document (searches run one at a time: no await inside).
  private readonly best: Float64Array;
  private readonly fields: Uint8Array;
  private readonly termScore: Float64Array;
  private readonly total: Float64Array;
  private readonly matched: Uint8Array;

  constructor(docs: SearchDoc[]) {
    this.docs = docs.map((d) => ({
      ...d,
      nameL: d.name.toLowerCase(),
      summaryL: d.summary.toLowerCase(),
      categoryL: d.category.toLowerCase(),
      labelsL: d.labels.map((l) => l.toLowerCase()),
      spelling: spell(d.name),
    }));
    const push = (map: Map<string, number[]>, key: string, n: number) => {
      const list = map.get(key);
      if (!list) map.set(key, [n]);
      else if (list[list.length - 1] !== n) list.push(n);
    };
    const grams = (map: Map<string, number[]>, text: string, n: number) => {
      for (let i = 0; i < text.length; i++) {
        push(map, text.charAt(i), n);
        if (i + 1 < text.length) push(map, text.slice(i, i + 2), n);
      }
    };
    for (const [n, d] of this.docs.entries()) {
      this.byId.set(d.id, d);
      grams(this.nameGrams, d.nameL, n);
      grams(this.summaryGrams, d.summaryL, n);
      grams(this.spellingGrams, `${d.spelling.initials}\u0001${d.spelling.full}`, n);
      for (const l of d.labelsL) push(this.labelDocs, l, n);
      push(this.categoryDocs, d.categoryL, n);
    }
    const size = this.docs.length;
    for (const [sortId, order] of ORDERS) {
      const rank = new Int32Array(size);
      const ordered = Int32Array.from([...this.docs.keys()].sort((a, b) => order(this.docs[a] as Doc, this.docs[b] as Doc)));
      for (const [place, n] of ordered.entries()) rank[n] = place;
      this.ranks.set(sortId, rank);
      this.byRank.set(sortId, ordered);
    }
    this.ranks.set(0, this.ranks.get(2) as Int32Array);
    this.byRank.set(0, this.byRank.get(2) as Int32Array);
    this.best = new Float64Array(size);
    this.fields = new Uint8Array(size);
    this.termScore = new Float64Array(size);
    this.total = new Float64Array(size);
    this.matched = new Uint8Array(size);
  }

  get size(): number {
    return this.docs.length;
  }

  /** The query's words, each with its synonyms; letters also stand for the word their pinyin spells most often. */
  private termsOf(query: string): Term[] {
    // At most MAX_TERMS words (the longest, which say the most): a 50-character run of single
    // characters would otherwise cost one pass over the catalogue each.
    let words = [...new Set(segment(query).map((t) => t.word))].filter((w) => !NOISE.has(w) && w.trim() !== '');
    if (words.length > MAX_TERMS) {
      const kept = new Set([...words].sort((a, b) => b.length - a.length).slice(0, MAX_TERMS));
      words = words.filter((w) => kept.has(w));
    }
    // Only noise words (接口): search them as they are rather than answer everything.
    if (words.length === 0 && query.trim()) words = [query.trim().toLowerCase()];
    return words.map((w) => {
      const term: Term = { words: [{ w, factor: 1 }, ...synonymsOf(w).map((s) => ({ w: s, factor: WEIGHT.synonym }))], letters: null };
      if (LETTERS.test(w)) {
        term.letters = w;
        const spelled = this.spelledWord(w);
        if (spelled && spelled !== w) {
          // 身份证 for sfz: it then counts as if typed (a little less), with its synonyms (实名认证).
          const f = WEIGHT.pinyin / WEIGHT.name;
          term.words.push({ w: spelled, factor: f }, ...synonymsOf(spelled).map((s) => ({ w: s, factor: f * WEIGHT.synonym })));
        }
      }
      return term;
    });
  }

  private spelledWord(letters: string): string | null {
    const counts = new Map<string, number>();
    for (const n of candidatesIn(this.spellingGrams, letters)) {
      const d = this.docs[n];
      const r = d && pinyinRange(d.spelling, letters);
      if (d && r) {
        const word = d.nameL.slice(r[0], r[1]);
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    let best: string | null = null;
    let most = 0;
    for (const [w, c] of counts) if (c > most) [best, most] = [w, c];
    return best;
  }

  /**
   * How well each document holds one term, into termScore (documents touched are returned): the
   * best field counts in full, each further field a little; the best of the term's words counts.
   */
  private scoreTerm(term: Term): number[] {
    const { best, fields, termScore } = this;
    const touched: number[] = [];
    for (const { w, factor } of term.words) {
      const local: number[] = [];
      const hit = (n: number, field: number, weight: number) => {
        if (fields[n] === 0) local.push(n);
        fields[n] = (fields[n] ?? 0) | field;
        if (weight > (best[n] ?? 0)) best[n] = weight;
      };
      for (const n of candidatesIn(this.nameGrams, w)) if (this.docs[n]?.nameL.includes(w)) hit(n, FIELD.name, WEIGHT.name);
      for (const [label, docs] of this.labelDocs) if (label.includes(w)) for (const n of docs) hit(n, FIELD.label, WEIGHT.label);
      for (const [category, docs] of this.categoryDocs) if (category.includes(w)) for (const n of docs) hit(n, FIELD.category, WEIGHT.category);
      for (const n of candidatesIn(this.summaryGrams, w)) if (this.docs[n]?.summaryL.includes(w)) hit(n, FIELD.summary, WEIGHT.summary);
      for (const n of local) {
        const score = ((best[n] ?? 0) + ((FIELDS_IN[fields[n] ?? 0] ?? 1) - 1) * WEIGHT.otherField) * factor;
        if ((termScore[n] ?? 0) === 0) touched.push(n);
        if (score > (termScore[n] ?? 0)) termScore[n] = score;
        best[n] = 0;
        fields[n] = 0;
      }
    }
    if (term.letters) {
      for (const n of candidatesIn(this.spellingGrams, term.letters)) {
        const d = this.docs[n];
        if (!d || !pinyinRange(d.spelling, term.letters)) continue;
        if ((termScore[n] ?? 0) === 0) touched.push(n);
        if (WEIGHT.pinyin > (termScore[n] ?? 0)) termScore[n] = WEIGHT.pinyin;
      }
    }
    return touched;
  }

  /**
   * The interfaces on sale that pass the filters and hold all the query's words (in any field,
   * as typed, as a synonym or in pinyin), in the list's order. When none holds them all, those
   * holding the most of them with one in the name or a label, flagged partial.
   */
  search(query: string, f: Pick<InterfaceSearch, 'categoryId' | 'labelId' | 'isNew' | 'isHot' | 'menuDisplay' | 'ids' | 'sortId'>): Found {
    const terms = this.termsOf(query);
    if (terms.length === 0) return { ids: [], partial: false, terms };
    const only = f.ids.length > 0 ? new Set(f.ids) : null;
    const passes = (d: Doc) =>
      d.onSale &&
      (!f.categoryId || d.categoryId === f.categoryId) &&
      (!f.labelId || d.labelIds.includes(f.labelId)) &&
      (!f.isNew || d.isNew) &&
      (!f.isHot || d.isHot) &&
      (!f.menuDisplay || d.menuDisplay) &&
      (!only || only.has(d.id));
    const { termScore, total, matched } = this;
    const found: number[] = [];
    for (const term of terms) {
      for (const n of this.scoreTerm(term)) {
        if ((matched[n] ?? 0) === 0) found.push(n);
        matched[n] = (matched[n] ?? 0) + 1;
        total[n] = (total[n] ?? 0) + (termScore[n] ?? 0);
        termScore[n] = 0;
      }
    }
    const kept = found.filter((n) => {
      const d = this.docs[n];
      return d !== undefined && passes(d);
    });
    let most = 0;
    for (const n of kept) most = Math.max(most, matched[n] ?? 0);
    const partial = most > 0 && most < terms.length;
    const phrase = query.replace(/\s+/g, '').toLowerCase();
    const chosen: number[] = [];
    for (const n of kept) {
      const d = this.docs[n] as Doc;
      if ((matched[n] ?? 0) < most) continue;
      // A partial answer keeps only interfaces named by one of the words: 「不存在的接口名称」 must not list every summary with 名称.
      if (partial && !terms.some((t) => t.words.some(({ w }) => w.length > 1 && (d.nameL.includes(w) || d.labelsL.includes(w))))) continue;
      const bonus = d.nameL === phrase ? PHRASE.whole : phrase.length > 1 && d.nameL.includes(phrase) ? PHRASE.inside : 0;
      total[n] = Math.round(((total[n] ?? 0) + bonus) * 10) / 10;
      chosen.push(n);
    }
    // One number per interface in the list's order (relevance first for 综合排序, then its place in
    // the static order), sorted natively: a keyword matching thousands sorts in a fraction of a millisecond.
    const rank = this.ranks.get(f.sortId) as Int32Array;
    const keys = new Float64Array(chosen.length);
    for (const [i, n] of chosen.entries()) keys[i] = (f.sortId === 0 ? (MAX_SCORE10 - Math.round((total[n] ?? 0) * 10)) * RANK_SPAN : 0) + (rank[n] ?? 0);
    keys.sort();
    for (const n of found) {
      total[n] = 0;
      matched[n] = 0;
    }
    const ids: number[] = [];
    for (const key of keys) ids.push(this.docs[this.byRank.get(f.sortId)?.[key % RANK_SPAN] ?? 0]?.id ?? 0);
    return { ids, partial: partial && chosen.length > 0, terms };
  }

  /** Where a search's words are in one interface's name and summary, and which labels hold them. */
  highlight(terms: Term[], id: number): SearchHighlight {
    const d = this.byId.get(id);
    if (!d) return { interfaceName: [], summary: [], labels: [] };
    const name: Range[] = [];
    const summary: Range[] = [];
    const labels = new Set<string>();
    for (const term of terms) {
      for (const { w } of term.words) {
        occurrences(d.nameL, w, name);
        occurrences(d.summaryL, w, summary);
        for (const [i, l] of d.labelsL.entries()) if (l.includes(w)) labels.add(d.labels[i] ?? l);
      }
      const r = term.letters ? pinyinRange(d.spelling, term.letters) : null;
      if (r) name.push(r);
    }
    return { interfaceName: merge(name), summary: merge(summary), labels: [...labels] };
  }
}

// The index of the catalogue as it is: built when the server starts listening, and again on the
// next search after any change to the catalogue (forgetSearchIndex, called with the other
// catalogue caches). A change made outside this process (the operator command line) and the
// popularity the gateway counts show within INDEX_MS (ten minutes: a rebuild holds the
// process for about 0.4 s at 10 000 interfaces, a few ms at the catalogue's real size): the index is then rebuilt while the previous
// one still answers. One per database (tests and benchmarks open several).
const INDEX_MS = 10 * 60_000;
type Built = { index: SearchIndex; until: number; generation: number };
type State = { current: Built | null; building: { generation: number; promise: Promise<SearchIndex> } | null };
const states = new WeakMap<Db, State>();
/** Counts catalogue changes in this process; an index built before the latest one is not used again. */
let generation = 0;

export function forgetSearchIndex(): void {
  generation++;
}

async function build(db: Db, state: State, started: number): Promise<SearchIndex> {
  const [rows, links] = await Promise.all([
    db
      .select({
        id: interfaces.id,
        name: interfaces.interfaceName,
        summary: interfaces.summary,
        category: categories.categoryName,
        labels: interfaces.labelNames,
        categoryId: interfaces.categoryId,
        status: interfaces.status,
        isHot: interfaces.isHot,
        isNew: interfaces.isNew,
        menuDisplay: interfaces.menuDisplay,
        hits: interfaces.hits,
        sort: interfaces.sort,
        createdAt: interfaces.createdAt,
        priceFrom: interfaces.priceFrom,
      })
      .from(interfaces)
      .innerJoin(categories, eq(categories.id, interfaces.categoryId)),
    db.select({ interfaceId: interfaceLabels.interfaceId, labelId: interfaceLabels.labelId }).from(interfaceLabels),
  ]);
  const labelIds = new Map<number, number[]>();
  for (const l of links) labelIds.set(l.interfaceId, [...(labelIds.get(l.interfaceId) ?? []), l.labelId]);
  const index = new SearchIndex(
    rows.map(({ status, createdAt, ...r }) => ({ ...r, onSale: status === 'on_sale', createdAt: createdAt.getTime(), labelIds: labelIds.get(r.id) ?? [] })),
  );
  if (!state.current || state.current.generation <= started) state.current = { index, until: Date.now() + INDEX_MS, generation: started };
  return index;
}

export async function searchIndex(db: Db): Promise<SearchIndex> {
  let state = states.get(db);
  if (!state) {
    state = { current: null, building: null };
    states.set(db, state);
  }
  const old = state.current?.generation === generation ? state.current : null;
  if (old && old.until > Date.now()) return old.index;
  let building = state.building;
  if (!building || building.generation !== generation) {
    const s = state;
    const promise = build(db, s, generation);
    building = { generation, promise };
    s.building = building;
    const done = () => {
      if (s.building?.promise === promise) s.building = null;
    };
    promise.then(done, done);
  }
  // Past its minute, the old index answers while the new one is built; after a change, the search waits.
  return old ? old.index : building.promise;
}
