'use client';
// Plays a synthetic track from 80 % of its length at the fastest speed, so the benchmark can count
// the frames the browser manages while the played part (the longest line redrawn every frame) grows.
import { useEffect, useMemo } from 'react';
import { FleetMap, type MapTiles } from '@/components/map/FleetMap';
import { useTrackPlayback } from '@/components/map/use-track-playback';
import { syntheticTrack } from './synthetic';

export function PlayProbe({ tiles, n }: { tiles: MapTiles; n: number }) {
  const track = useMemo(() => syntheticTrack(n), [n]);
  const playback = useTrackPlayback(track.t);
  const { seek, setSpeed, play } = playback;
  useEffect(() => {
    seek(Math.floor(n * 0.8));
    setSpeed(300);
    play();
  }, [n, seek, setSpeed, play]);
  return (
    <main style={{ padding: 16 }}>
      <h1 style={{ fontSize: 16 }}>
        回放基准：{n} 个轨迹点，第 <span data-testid="cursor">{playback.index}</span> 个
      </h1>
      <FleetMap tiles={tiles} height={600} track={track} cursor={playback.index} fit="track" />
    </main>
  );
}
