'use client';
// A track on the map with its playback: play, pause, the speed, and a slider over the points that
// reads the clock time of the point played. The trajectory screen and the phone share page both
// show it; the screen holds the playback (useTrackPlayback) so its tables can seek it too.
import type { TrackPoints, TrackStop } from '@apimarket/contracts';
import { PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { Button, Segmented, Slider } from 'antd';
import { useMemo } from 'react';
import { FleetMap } from './FleetMap';
import styles from './track.module.css';
import { clockAt, durationText } from './track-time';
import type { MapTiles } from './types';
import { PLAYBACK_SPEEDS, type PlaybackSpeed, type TrackPlayback } from './use-track-playback';

export interface PlayedTrack {
  startTime: string;
  points: TrackPoints;
  stops: TrackStop[];
}

const SPEED_OPTIONS = PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `${s}×` }));

export function TrackPlayer({ tiles, track, playback, height }: { tiles: MapTiles; track: PlayedTrack; playback: TrackPlayback; height: number | string }) {
  const { points } = track;
  const n = points.t.length;
  const at = Math.min(playback.index, Math.max(0, n - 1));
  const stops = useMemo(
    () => track.stops.map((s) => ({ lon: s.lon, lat: s.lat, label: `停留 ${durationText(s.minutes)}（${s.start.slice(11, 16)}–${s.end.slice(11, 16)}）` })),
    [track.stops],
  );
  const line = useMemo(() => ({ lon: points.lon, lat: points.lat }), [points]);
  const clock = n ? clockAt(track.startTime, points.t[at] ?? 0) : '—';
  const speed = points.speed[at] ?? 0;
  // Before the first play the map shows the whole track plain; from then on, the vehicle on it.
  const started = playback.playing || playback.index > 0;

  return (
    <div className={styles.player}>
      <FleetMap tiles={tiles} height={height} track={line} cursor={started ? at : null} stops={stops} fit="track" ariaLabel="车辆轨迹地图" />
      <div className={styles.controls} data-testid="track-playback">
        <div className={styles.buttons}>
          {playback.playing ? (
            <Button type="primary" icon={<PauseCircleFilled />} onClick={playback.pause}>
              暂停
            </Button>
          ) : (
            <Button type="primary" icon={<PlayCircleFilled />} onClick={playback.play} disabled={n < 2} data-testid="track-play">
              {playback.index > 0 && playback.index < n - 1 ? '继续' : '播放'}
            </Button>
          )}
          <Segmented<PlaybackSpeed> size="small" options={SPEED_OPTIONS} value={playback.speed} onChange={playback.setSpeed} aria-label="回放速度" />
        </div>
        <output className={styles.clock} data-testid="track-clock" aria-live="off">
          <span className={styles.clockTime}>{clock}</span>
          <span className={styles.clockSpeed}>{n ? `${speed.toFixed(speed % 1 ? 1 : 0)} km/h` : ''}</span>
          <span className={styles.clockIndex}>
            {n ? at + 1 : 0}/{n}
          </span>
        </output>
        <Slider
          className={styles.slider}
          min={0}
          max={Math.max(0, n - 1)}
          value={at}
          onChange={(v: number) => playback.seek(v)}
          disabled={n < 2}
          tooltip={{ formatter: (v) => (v === undefined || !n ? '' : clockAt(track.startTime, points.t[v] ?? 0).slice(5)) }}
          aria-label="回放进度"
        />
      </div>
    </div>
  );
}

/** The numbers of a track: mileage, speeds, moving and stopped time, points. */
export function TrackFacts({
  stats,
  stops,
}: {
  stats: { mileageKm: number; averageSpeed: number; topSpeed: number; movingMinutes: number; stoppedMinutes: number; points: number };
  stops: number;
}) {
  const facts: [string, string][] = [
    ['行驶里程', `${stats.mileageKm.toFixed(1)} km`],
    ['平均速度', `${stats.averageSpeed.toFixed(1)} km/h`],
    ['最高速度', `${stats.topSpeed.toFixed(stats.topSpeed % 1 ? 1 : 0)} km/h`],
    ['行驶时长', durationText(stats.movingMinutes)],
    ['停留时长', durationText(stats.stoppedMinutes)],
    ['停留点', `${stops} 处`],
    ['轨迹点', `${stats.points.toLocaleString('en-US')} 个`],
  ];
  return (
    <dl className={styles.facts} data-testid="track-facts">
      {facts.map(([k, v]) => (
        <div key={k} className={styles.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
