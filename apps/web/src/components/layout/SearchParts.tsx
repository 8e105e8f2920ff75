// What the desktop header's search and the mobile search panel share: the magnifier, and the
// nine hot terms (spec 01 §2.4) as links to their /ApiSearch results.
import { HOT_SEARCH_TERMS } from '@apimarket/contracts';
import Link from 'next/link';

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
      />
    </svg>
  );
}

export function HotSearchLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {HOT_SEARCH_TERMS.map((t) => (
        <li key={t}>
          <Link href={`/ApiSearch?value=${encodeURIComponent(t)}`} prefetch={false}>
            {t}
          </Link>
        </li>
      ))}
    </ul>
  );
}
