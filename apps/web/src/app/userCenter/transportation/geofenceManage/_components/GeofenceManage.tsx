'use client';
// 电子围栏: which vehicle interfaces the account has, its fences (map and table, the drawer that
// draws or types one) and the entries and exits computed from the bound vehicles' tracks.
import type { FenceView } from '@apimarket/contracts';
import { useState } from 'react';
import type { MapTiles } from '@/components/map/FleetMap';
import panel from '@/components/user-center/panel.module.css';
import { InterfacesBanner } from '../../_shared/InterfacesBanner';
import { FenceDrawer } from './FenceDrawer';
import { FenceEvents } from './FenceEvents';
import { FenceList } from './FenceList';

/** The drawer's fence (null: a new one) stays while it closes, so its closing shows the same form. */
type Editing = { fence: FenceView | null; open: boolean; n: number };

export function GeofenceManage({ tiles }: { tiles: MapTiles }) {
  const [editing, setEditing] = useState<Editing>({ fence: null, open: false, n: 0 });
  return (
    <div className={panel.page}>
      <InterfacesBanner needs="trajectory" />
      <FenceList
        tiles={tiles}
        onCreate={() => setEditing((e) => ({ fence: null, open: true, n: e.n + 1 }))}
        onEdit={(fence) => setEditing((e) => ({ fence, open: true, n: e.n + 1 }))}
      />
      <FenceEvents />
      <FenceDrawer key={editing.n} open={editing.open} fence={editing.fence} tiles={tiles} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
    </div>
  );
}
