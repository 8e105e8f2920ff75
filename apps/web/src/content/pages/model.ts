// The content model of the marketing, solution, topic and company pages (issue: "content as
// data"). A page is a PageContent value in a content file; shared section components render it.
// Changing copy touches no TSX. Interfaces and cases are named by id, label or keyword and read
// live from the catalogue, so a page never links an interface that does not exist.

/** Where a button goes: a page, or one of the lead dialogs (spec 01 §2.4: type 0 trial, type 1 consult). */
export type Action = { label: string; href: string } | { label: string; lead: 'trial' | 'consult' };

/** The hero illustrations (components/visual/HeroArt.tsx): one per industry. */
export const HERO_ART_NAMES = ['finance', 'insurance', 'logistics', 'fleet', 'internet', 'government', 'data', 'ai', 'face', 'company', 'developer'] as const;
export type HeroArtName = (typeof HERO_ART_NAMES)[number];

export interface Item {
  title: string;
  text: string;
}

export type Section =
  /** The page's opening: what it is and the first thing to do. */
  | {
      kind: 'hero';
      eyebrow?: string;
      title: string;
      subtitle: string;
      bullets?: string[];
      actions?: Action[];
      /** The illustration on the right; by default the one of the page's route family. */
      art?: HeroArtName;
    }
  /** What the product or plan does: a grid of capabilities. */
  | { kind: 'features'; id?: string; title: string; intro?: string; items: Item[] }
  /** Why us: advantages, optionally each with a figure. */
  | { kind: 'advantages'; id?: string; title: string; intro?: string; items: Array<Item & { metric?: string }> }
  /** How it goes, in order. */
  | { kind: 'process'; id?: string; title: string; intro?: string; steps: Item[] }
  /** Where it is used, with tags (industries, roles). */
  | { kind: 'scenarios'; id?: string; title: string; intro?: string; items: Array<Item & { tags?: string[] }> }
  /** Figures worth a headline. */
  | { kind: 'metrics'; id?: string; title?: string; items: Array<{ value: string; label: string }> }
  /**
   * Interfaces from the live catalogue: by id (in this order), or the first `limit` of a search
   * (`keyword` and/or `categoryId`). Ids that are not on sale are skipped.
   */
  | { kind: 'apis'; id?: string; title: string; intro?: string; ids?: number[]; keyword?: string; categoryId?: number; limit?: number }
  /** Customer cases from the live content (api/case/list), optionally of one industry. */
  | { kind: 'cases'; id?: string; title: string; intro?: string; industry?: string; limit?: number }
  /** Questions and answers; `type` groups them for /aboutUs/FAQ (1 公司, 2 业务, 3 技术). */
  | { kind: 'faq'; id?: string; title: string; items: Array<{ q: string; a: string; type?: 1 | 2 | 3 }> }
  /** Closing call to action. */
  | { kind: 'cta'; id?: string; title: string; text: string; actions: Action[] }
  /** Plain paragraphs (company profile, long explanations). `more` adds a 查看更多 link. */
  | { kind: 'text'; id?: string; title?: string; paragraphs: string[]; more?: { label: string; href: string } }
  /** Years and what happened. */
  | { kind: 'timeline'; id?: string; title: string; items: Array<{ date: string; title: string; text: string }> }
  /** Offices with addresses (contact page). */
  | { kind: 'offices'; id?: string; title: string; intro?: string; items: Array<{ city: string; name: string; address: string; phone?: string }> }
  /** Open positions (recruiting pages). */
  | {
      kind: 'jobs';
      id?: string;
      title: string;
      intro?: string;
      items: Array<{ title: string; team: string; city: string; headcount: number; duties: string[]; requirements: string[] }>;
    }
  /** Certificates and licences (qualification page). */
  | { kind: 'certificates'; id?: string; title: string; intro?: string; items: Array<{ name: string; issuer: string; number?: string; since: string }> }
  /** People (team page). */
  | { kind: 'team'; id?: string; title: string; intro?: string; items: Array<{ name: string; role: string; bio: string }> }
  /** A legal text: numbered chapters of clauses (privacy, protocol). */
  | {
      kind: 'legal';
      id?: string;
      title: string;
      version: string;
      effective: string;
      preamble: string[];
      chapters: Array<{ heading: string; clauses: string[] }>;
    };

export type SectionKind = Section['kind'];

/** A page family's own sub-navigation (the /dataIntoTable pages, /aboutUs, /transportation…). */
export interface SubNav {
  title: string;
  links: Array<{ label: string; href: string }>;
}

export interface PageContent {
  /** The route, exactly as spec 01 §2.1 writes it. */
  path: string;
  /** <title> (the site name is appended). */
  title: string;
  /** <meta name="description">, 60–160 characters of real Chinese copy. */
  description: string;
  /** A family's sub-navigation, shown under the hero. */
  subnav?: SubNav;
  sections: Section[];
}
