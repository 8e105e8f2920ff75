'use client';
// Draws a fence on the vehicle map and prints what onChange hands back, to check drawing by hand or from a script.
import { useState } from 'react';
import { type FenceDraft, FleetMap, type MapTiles } from '@/components/map/FleetMap';

export function DrawProbe({ tiles, shape }: { tiles: MapTiles; shape: 'circle' | 'polygon' }) {
  const [draft, setDraft] = useState<FenceDraft | null>(null);
  return (
    <>
      <FleetMap
        tiles={tiles}
        height={500}
        fit="china"
        draw={{ shape, onChange: setDraft, initial: shape === 'circle' ? { center: [121.47, 31.23], radius: 20_000 } : null }}
      />
      <pre data-testid="draft">{JSON.stringify(draft)}</pre>
    </>
  );
}
