// A plate drawn in its own colours (blue, yellow, green…), with the colour named for a screen reader.
import styles from './transport.module.css';
import { PLATE_LOOK } from './vehicle-words';

export function PlateTag({ plate, color, label }: { plate: string; color: number; label?: string }) {
  const look = PLATE_LOOK[color] ?? { bg: '#ffffff', fg: '#1b2333' };
  return (
    <span className={styles.plate} style={{ background: look.bg, color: look.fg }} title={label}>
      {plate}
      {label ? <span className={styles.srOnly}>（{label}）</span> : null}
    </span>
  );
}
