// Chinese words for search and need matching: jieba segmentation (with the catalogue's own words
// added to its dictionary) and pinyin spellings, full and initials, of a name.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { pinyin } from 'pinyin-pro';

export type Token = { word: string; start: number; end: number };

let jieba: Jieba | undefined;
const extraWords = new Set<string>();

/** Words jieba must keep whole (在网时长, 驾照, 防沉迷 …): the synonym and need tables register theirs. */
export function addWords(words: Iterable<string>): void {
  const fresh = [...words].map((w) => w.trim().toLowerCase()).filter((w) => w.length > 1 && !extraWords.has(w));
  for (const w of fresh) extraWords.add(w);
  // A high frequency, so that the word wins over the split the general dictionary would choose.
  if (jieba && fresh.length > 0) jieba.loadDict(Buffer.from(fresh.map((w) => `${w} 200000 n`).join('\n')));
}

function segmenter(): Jieba {
  if (!jieba) {
    // The general dictionary is ~5 MB and takes ~0.2 s to load: once per process, on first use.
    jieba = Jieba.withDict(dict);
    if (extraWords.size > 0) jieba.loadDict(Buffer.from([...extraWords].map((w) => `${w} 200000 n`).join('\n')));
  }
  return jieba;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const SPACE_OR_MARK = /^[\s\p{P}\p{S}]+$/u;

/**
 * The words of a text in order, with their places. Lower-cased (offsets are unchanged by that
 * for the texts we see). Punctuation, spaces and grammar characters are dropped; a run of single characters that
 * jieba could not place (网/约/车) is joined back into one word, which is what a reader meant.
 */
export function segment(text: string): Token[] {
  const lower = text.toLowerCase();
  const out: Token[] = [];
  let at = 0;
  let run: Token | null = null;
  const flush = () => {
    if (run) out.push(run);
    run = null;
  };
  for (const word of CJK.test(lower) ? segmenter().cut(lower, false) : lower.split(/(\s+)/)) {
    const start = lower.indexOf(word, at);
    if (start < 0) continue;
    at = start + word.length;
    if (word.length === 0 || SPACE_OR_MARK.test(word) || (word.length === 1 && STOP_CHARS.has(word))) {
      flush();
      continue;
    }
    const lone = word.length === 1 && CJK.test(word);
    if (lone && run && run.end === start && [...run.word].every((c) => CJK.test(c))) {
      run = { word: run.word + word, start: run.start, end: at };
      continue;
    }
    flush();
    if (lone) run = { word, start, end: at };
    else out.push({ word, start, end: at });
  }
  flush();
  return out;
}

/** Single characters that are grammar, never part of a word a reader typed (的, 和, 要 …). */
const STOP_CHARS = new Set([...'的了和与及或是在要把被给对从向我你他她它们这那有也都就还而并且查不']);

export type Spelling = {
  /** Initials, one letter per character (身份证 → sfz); other characters lower-cased as they are. */
  initials: string;
  /** Full pinyin without tones (shenfenzheng) and, per character, where its syllable starts. */
  full: string;
  starts: number[];
};

const spellings = new Map<string, Spelling>();

/** The pinyin of a name; remembered per text, as rebuilding the index spells the same names again. */
export function spell(text: string): Spelling {
  const hit = spellings.get(text);
  if (hit) return hit;
  const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'spaced', v: true });
  let initials = '';
  let full = '';
  const starts: number[] = [];
  // pinyin-pro answers one element per character (BMP text); anything else is spelled as itself.
  const aligned = syllables.length === text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    const s = (aligned && CJK.test(ch) ? (syllables[i] ?? ch) : ch).toLowerCase();
    starts.push(full.length);
    full += s;
    initials += s.charAt(0);
  }
  const out = { initials, full, starts };
  if (spellings.size > 50_000) spellings.clear();
  spellings.set(text, out);
  return out;
}
