// The catalogue interfaces a case used or an article explains, each linking to its documentation
// page: the step from reading about a solution to trying it. Nothing renders when there are none.
import Link from 'next/link';
import type { InterfaceRef } from '@apimarket/contracts';
import styles from './content.module.css';

export function InterfaceLinks({ title, items }: { title: string; items: InterfaceRef[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.interfaces} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <Link href={`/api/${i.id}`}>
              <span>{i.interfaceName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
