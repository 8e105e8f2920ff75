'use client';
// The vehicle map every transport screen embeds. Leaflet touches `window` when imported, so the map
// itself is a browser-only chunk; the server renders a box of the final size and colour in its
// place, so the page does not jump when the map arrives.
import dynamic from 'next/dynamic';
import styles from './map.module.css';
import type { FleetMapProps } from './types';

export type { FenceDraft, FleetMapFence, FleetMapLine, FleetMapMarker, FleetMapProps, MapTiles } from './types';

const LeafletMap = dynamic(() => import('./LeafletMap'), {
  ssr: false,
  loading: () => <div className={styles.loading}>地图加载中…</div>,
});

export function FleetMap(props: FleetMapProps): React.JSX.Element {
  return (
    <section className={`${styles.box} ${props.className ?? ''}`} style={{ height: props.height }} aria-label={props.ariaLabel ?? '地图'}>
      <LeafletMap {...props} />
    </section>
  );
}
