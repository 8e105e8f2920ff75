// /dev/map-bench?points=8600 (DEV_TOOLS=1): the vehicle map drawing a synthetic track of that many
// points, for the drawing benchmark (npm run bench:map), which reads the map's track measure;
// ?play=1 plays it back (frames counted by the benchmark); ?draw=circle|polygon draws a fence
// instead and prints what the map hands back.
import { FleetMap } from '@/components/map/FleetMap';
import { webConfig } from '@/config';
import { DrawProbe } from './_components/DrawProbe';
import { PlayProbe } from './_components/PlayProbe';
import { syntheticTrack } from './_components/synthetic';

export default async function MapBench({ searchParams }: { searchParams: Promise<{ points?: string; fit?: string; draw?: string; play?: string }> }) {
  const sp = await searchParams;
  if (sp.draw === 'circle' || sp.draw === 'polygon') return <DrawProbe tiles={webConfig.map} shape={sp.draw} />;
  const n = Math.max(2, Math.min(50_000, Number(sp.points) || 100));
  if (sp.play === '1') return <PlayProbe tiles={webConfig.map} n={n} />;
  const fit = sp.fit === 'china' ? 'china' : 'track';
  const { lon, lat } = syntheticTrack(n);
  return (
    <main style={{ padding: 16 }}>
      <h1 style={{ fontSize: 16 }}>地图绘制基准：{n} 个轨迹点</h1>
      <FleetMap tiles={webConfig.map} height={600} track={{ lon, lat }} cursor={Math.floor(n / 2)} fit={fit} />
    </main>
  );
}
