// A plain list of links (the footer's columns, the floating bar's pop-ups). They are not
// prefetched: such lists hold many links that enter the viewport together and are rarely followed.
import Link from 'next/link';

export interface ListedLink {
  label: string;
  href: string;
}

export function LinkList({ links, className, testId }: { links: readonly ListedLink[]; className?: string; testId?: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {links.map((l) => (
        <li key={l.href}>
          <Link prefetch={false} href={l.href}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
