// The desktop header's menu with its dropdowns, from the menu data (nav.ts) and the live category
// menu. Server-rendered and opened by CSS (:hover, :focus-within), so every page of the menu is
// in the HTML for crawlers and costs no JavaScript; DropdownCloser adds Escape and close-on-click.
import Link from 'next/link';
import { company } from '@/content/company';
import styles from './DesktopNav.module.css';
import { DropdownCloser } from './DropdownCloser';
import { type CategoryMenuEntry, NAV, type NavGroup, type NavLink } from './nav';

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A dropdown link: no prefetch (a hover over a panel must not fetch forty pages). */
function MenuLink({ link, className }: { link: NavLink; className?: string }) {
  if (link.file) {
    return (
      <a href={link.href} className={className} download>
        {link.label}
      </a>
    );
  }
  return (
    <Link href={link.href} prefetch={false} className={className}>
      {link.label}
    </Link>
  );
}

function Group({ group }: { group: NavGroup }) {
  return (
    <div className={styles.group}>
      <p className={styles.groupTitle}>{group.title}</p>
      <ul>
        {group.links.map((l) => (
          <li key={l.href}>
            <MenuLink link={l} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function CatalogueMenu({ menu }: { menu: readonly CategoryMenuEntry[] }) {
  return (
    <div className={styles.categories} data-testid="category-menu">
      {menu.map((c) => (
        <div key={c.id} className={styles.category}>
          <div className={styles.categoryHead}>
            <p className={styles.categoryName}>{c.name}</p>
            <Link href={c.href} prefetch={false} className={styles.all} aria-label={`查看全部${c.name}接口`}>
              查看全部
            </Link>
          </div>
          <ul>
            {c.interfaces.map((i) => (
              <li key={i.id}>
                <Link href={i.href} prefetch={false} title={i.name}>
                  {i.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function DesktopNav({ categoryMenu }: { categoryMenu: readonly CategoryMenuEntry[] }) {
  return (
    <nav className={styles.nav} aria-label="主导航">
      <ul className={styles.items}>
        {NAV.map((item) => {
          const groups = item.groups ?? [];
          if (groups.length === 0) {
            return (
              <li key={item.href} className={styles.item}>
                <Link href={item.href} className={styles.top}>
                  {item.label}
                </Link>
              </li>
            );
          }
          // One short column drops down under its item; bigger menus span the header.
          const wide = groups.length > 1 || item.catalogue === true;
          return (
            <li key={item.href} className={`${styles.item} ${wide ? styles.wide : styles.narrow}`} data-dropdown="">
              <Link href={item.href} className={styles.top} aria-haspopup="true">
                {item.label}
                <Chevron />
              </Link>
              {/* biome-ignore lint/a11y/useSemanticElements: a group of links named by its item; a fieldset is for form controls */}
              <div className={styles.panel} role="group" aria-label={item.label}>
                {wide ? (
                  <div className={styles.panelInner}>
                    {item.catalogue ? (
                      <>
                        <div className={styles.aside}>
                          {groups.map((g) => (
                            <Group key={g.title} group={g} />
                          ))}
                          <p className={styles.asideNote}>
                            选型与接入咨询
                            <strong>{company.hotline}</strong>
                          </p>
                        </div>
                        <CatalogueMenu menu={categoryMenu} />
                      </>
                    ) : (
                      <div className={styles.columns}>
                        {groups.map((g) => (
                          <Group key={g.title} group={g} />
                        ))}
                      </div>
                    )}
                  </div>
                ) : (
                  <ul className={styles.list}>
                    {groups.flatMap((g) =>
                      g.links.map((l) => (
                        <li key={l.href}>
                          <MenuLink link={l} />
                        </li>
                      )),
                    )}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <DropdownCloser />
    </nav>
  );
}
