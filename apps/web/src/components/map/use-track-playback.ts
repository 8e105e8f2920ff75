'use client';
// Plays a track back on the clock of its own points: the cursor advances through track time at the
// chosen speed on requestAnimationFrame, so a 72 h track at 300× takes 14 minutes and a gap in the
// reports is crossed as quickly as it happened rather than point by point.
import { useCallback, useEffect, useRef, useState } from 'react';

export const PLAYBACK_SPEEDS = [1, 10, 60, 300] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** The last index whose time is at or before `time` (t ascending). */
export function indexAt(t: readonly number[], time: number): number {
  let lo = 0;
  let hi = t.length - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((t[mid] ?? 0) <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface TrackPlayback {
  index: number;
  playing: boolean;
  speed: PlaybackSpeed;
  play: () => void;
  pause: () => void;
  setSpeed: (s: PlaybackSpeed) => void;
  seek: (index: number) => void;
}

/** @param t seconds from the track's start, ascending (Track.points.t). */
export function useTrackPlayback(t: readonly number[]): TrackPlayback {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(60);
  // Track time lives in a ref: the animation frame reads and writes it 60 times a second.
  const clock = useRef(0);
  const speedRef = useRef<PlaybackSpeed>(speed);
  speedRef.current = speed;

  // A new track starts from its beginning, paused.
  useEffect(() => {
    clock.current = t[0] ?? 0;
    setIndex(0);
    setPlaying(false);
  }, [t]);

  useEffect(() => {
    if (!playing) return;
    const end = t[t.length - 1] ?? 0;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      // A background tab resumes where it was rather than jumping by the minutes it was hidden.
      const dt = Math.min(now - last, 250) / 1000;
      last = now;
      clock.current = Math.min(end, clock.current + dt * speedRef.current);
      setIndex(indexAt(t, clock.current));
      if (clock.current >= end) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, t]);

  const play = useCallback(() => {
    if (t.length < 2) return;
    // Play at the end starts over.
    if (clock.current >= (t[t.length - 1] ?? 0)) {
      clock.current = t[0] ?? 0;
      setIndex(0);
    }
    setPlaying(true);
  }, [t]);
  const pause = useCallback(() => setPlaying(false), []);
  const seek = useCallback(
    (i: number) => {
      const at = Math.max(0, Math.min(t.length - 1, Math.round(i)));
      clock.current = t[at] ?? 0;
      setIndex(at);
    },
    [t],
  );

  return { index, playing, speed, play, pause, setSpeed, seek };
}
