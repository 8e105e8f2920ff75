'use client';
// The shared track on a phone: who and when at the top, the map with its playback, the figures and
// the stops; tapping a stop plays the track to it.
import type { SharedTrack } from '@apimarket/contracts';
import type { MapTiles } from '@/components/map/FleetMap';
import { TrackFacts, TrackPlayer } from '@/components/map/TrackPlayer';
import { clockAt, durationText, windowText } from '@/components/map/track-time';
import { indexAt, useTrackPlayback } from '@/components/map/use-track-playback';
import { clockMs, PLATE_COLORS } from '@apimarket/contracts';
import { dateTime } from '@/lib/format';
import styles from './h5.module.css';

export function SharedTrajectory({ tiles, track }: { tiles: MapTiles; track: SharedTrack }) {
  const playback = useTrackPlayback(track.points.t);
  const n = track.points.t.length;
  const colour = PLATE_COLORS[track.plateColor as keyof typeof PLATE_COLORS] ?? '';
  const goTo = (clock: string) => {
    playback.pause();
    playback.seek(indexAt(track.points.t, (clockMs(clock) - clockMs(track.startTime)) / 1000));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className={styles.backdrop}>
      <main className={styles.page}>
        <header className={styles.head}>
          <h1 className={styles.title}>
            <span className={styles.plate} data-color={track.plateColor}>
              {track.plateNumber}
            </span>
            <span>车辆轨迹</span>
          </h1>
          <p className={styles.window}>
            {windowText(track.startTime, track.endTime)}
            {colour ? <span className={styles.colour}>{colour}车牌</span> : null}
          </p>
        </header>
        {n > 0 ? (
          <TrackPlayer tiles={tiles} track={track} playback={playback} height="min(62vh, 460px)" />
        ) : (
          <p className={styles.empty}>该时段内车辆没有定位上报。</p>
        )}
        <section className={styles.section} aria-labelledby="h5-facts">
          <h2 id="h5-facts">行程概况</h2>
          <TrackFacts stats={track.stats} stops={track.stops.length} />
        </section>
        <section className={styles.section} aria-labelledby="h5-stops">
          <h2 id="h5-stops">停留点（{track.stops.length}）</h2>
          {track.stops.length ? (
            <ol className={styles.stops}>
              {track.stops.map((s, i) => (
                <li key={s.start}>
                  <button type="button" className={styles.stop} onClick={() => goTo(s.start)}>
                    <span className={styles.stopNo}>{i + 1}</span>
                    <span className={styles.stopBody}>
                      <strong>
                        {s.start.slice(5, 16)} – {s.end.slice(11, 16)}
                        <em>停留 {durationText(s.minutes)}</em>
                      </strong>
                      <span>{s.address || `${s.lon.toFixed(5)}, ${s.lat.toFixed(5)}`}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.empty}>这段时间没有较长的停留。</p>
          )}
        </section>
        <footer className={styles.foot}>
          {n > 0 ? <span>最后定位 {clockAt(track.startTime, track.points.t[n - 1] ?? 0)}</span> : null}
          <span>链接有效期至 {dateTime(track.expiresAt)}</span>
        </footer>
      </main>
    </div>
  );
}
