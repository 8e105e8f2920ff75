// /vehicleTrajectoryH5?token=… : the track a fleet manager shared (UserCenter/vehicleTrajectoryH5Page),
// read on the server so the phone gets the plate, window and figures in the first response; the
// map and its playback arrive as the browser chunk. A bad or expired token reads as one message.
import { TrackShareInput, TRANSPORT_LIMITS, TRANSPORT_MSG, transportApi } from '@apimarket/contracts';
import { webConfig } from '@/config';
import { serverCall } from '@/lib/api/server';
import { SharedTrajectory } from './_components/SharedTrajectory';
import styles from './_components/h5.module.css';

export default async function VehicleTrajectoryH5Page({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const raw = (await searchParams).token;
  const token = TrackShareInput.safeParse({ shareToken: Array.isArray(raw) ? raw[0] : raw });
  // The snapshot behind a token never changes: a short reuse spares the API a phone's reloads.
  const answer = token.success ? await serverCall(transportApi.sharedTrajectory, token.data, { ttl: 30 }) : null;
  if (answer?.ok) return <SharedTrajectory tiles={webConfig.map} track={answer.body.data} />;
  const unreachable = answer !== null && !answer.ok && answer.status === 0;
  return (
    <div className={styles.backdrop}>
      <main className={styles.page}>
        <div className={styles.missing} data-testid="h5-missing">
          <h1>{unreachable ? '轨迹暂时无法打开' : TRANSPORT_MSG.shareMissing}</h1>
          <p>{unreachable ? '请稍后刷新页面再试。' : `分享链接在生成后 ${TRANSPORT_LIMITS.shareHours} 小时内有效，请联系分享人重新生成。`}</p>
        </div>
      </main>
    </div>
  );
}
