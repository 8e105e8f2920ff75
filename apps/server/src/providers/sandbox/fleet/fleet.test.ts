import { distanceMetres, findStops, type LonLat } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { SEED_INTERFACES } from '../../../db/seed/data/interfaces';
import { sandboxAnswer } from '../../sandbox';
import { drawFor } from '../draw';
import { CITIES } from '../tables';
import { addressOf, chinaClock, EDGES, HUBS, positionAt, roadKm, STATE, TOWNS, trackOf } from './index';

const HOUR = 3_600_000;
/** A Friday midnight, China time. */
const START = Date.parse('2026-11-20T00:00:00+08:00');
const plates = (n: number) => Array.from({ length: n }, (_, i) => `浙A${String(10000 + i * 7919).slice(-5)}`);
const spec = (id: number) => {
  const s = SEED_INTERFACES.find((x) => x.id === id);
  if (!s) throw new Error(`no interface ${id}`);
  return s;
};
const at = (t: { lon: number[]; lat: number[] }, i: number): LonLat => [t.lon[i] as number, t.lat[i] as number];
interface Stop {
  lon: number;
  lat: number;
  address: string;
  start: string;
  end: string;
  minutes: number;
}
const chinaMinute = (instant: number) => Math.floor(((instant + 8 * HOUR) % (24 * HOUR)) / 60_000);

describe('road table', () => {
  it('joins every hub into one network, with towns on every edge', () => {
    for (const h of HUBS) expect(roadKm('北京市', h.name), h.name).toBeLessThan(6000);
    for (const e of EDGES) {
      expect(e.via.length, `${e.a}–${e.b}`).toBeGreaterThanOrEqual(1);
      expect(e.via.length).toBeLessThanOrEqual(5);
      for (const v of e.via) expect(TOWNS.has(v), v).toBe(true);
    }
    // Roads are longer than the crow flies, but not absurdly: Beijing–Shanghai is about 1 200 km by road.
    expect(roadKm('北京市', '上海市')).toBeGreaterThan(1100);
    expect(roadKm('北京市', '上海市')).toBeLessThan(1400);
  });
});

describe('fleet tracks', () => {
  it('answers the same track for the same plate and window, another for another plate', () => {
    const a = trackOf('浙A8F2C6', 2, START, START + 72 * HOUR);
    const b = trackOf('浙A8F2C6', 2, START, START + 72 * HOUR);
    expect(b).toEqual(a);
    expect(a.at).toHaveLength(72 * 120 + 1);
    const c = trackOf('粤B5H8J3', 2, START, START + 72 * HOUR);
    expect(c.lon).not.toEqual(a.lon);
  });

  it('moves at plausible speeds, each 30 s step as far as its speeds carry it', () => {
    const problems: string[] = [];
    for (const plate of plates(30)) {
      const t = trackOf(plate, 2, START, START + 72 * HOUR);
      for (let i = 1; i < t.at.length; i++) {
        const [v0, v1] = [t.speed[i - 1] as number, t.speed[i] as number];
        const metres = distanceMetres(at(t, i - 1), at(t, i));
        if (v1 < 0 || v1 > 100) problems.push(`${plate} #${i}: ${v1} km/h`);
        // Along a road the chord is at most the distance driven; parked receivers drift under 5 m.
        if (metres > (Math.max(v0, v1) * 30) / 3.6 + 10) problems.push(`${plate} #${i}: ${metres} m at ${v0}→${v1} km/h`);
        if (v0 > 20 && v1 > 20 && metres < (Math.min(v0, v1) * 30) / 3.6 / 2) problems.push(`${plate} #${i}: only ${metres} m at ${v0}→${v1} km/h`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('never jumps: ten days of a truck are one continuous path through every slot', () => {
    const jumps: string[] = [];
    for (const plate of plates(8)) {
      const t = trackOf(plate, 2, START, START + 240 * HOUR);
      for (let i = 1; i < t.at.length; i++) if (distanceMetres(at(t, i - 1), at(t, i)) > 1000) jumps.push(`${plate} #${i}`);
    }
    expect(jumps).toEqual([]);
  });

  it('rests after at most 4 h at the wheel and pauses at night', () => {
    let rested = 0;
    let nights = 0;
    let drivers = 0;
    for (const plate of plates(30)) {
      const t = trackOf(plate, 2, START, START + 72 * HOUR);
      let run = 0;
      let nightRun = 0;
      let longest = 0;
      let longestAtNight = 0;
      for (let i = 0; i < t.at.length; i++) {
        const moving = (t.speed[i] as number) > 0;
        run = moving ? run + 1 : 0;
        const m = chinaMinute(t.at[i] as number);
        nightRun = moving && m >= 60 && m < 270 ? nightRun + 1 : 0;
        longest = Math.max(longest, run);
        longestAtNight = Math.max(longestAtNight, nightRun);
      }
      // Continuous driving: at most 4 h of 30 s reports.
      expect(longest, plate).toBeLessThanOrEqual(480);
      // Between 01:00 and 04:30 a truck drives only the last few kilometres to its destination.
      expect(longestAtNight, plate).toBeLessThanOrEqual(60);
      const driving = t.state.filter((s) => s === STATE.driving).length;
      if (driving < 10 * 120) continue;
      drivers++;
      const stops = findStops({ t: t.at.map((x) => (x - START) / 1000), lon: t.lon, lat: t.lat, speed: t.speed }, 15);
      if (stops.some((s) => t.state[s.from] === STATE.resting && s.minutes >= 20 && s.minutes <= 40)) rested++;
      if (t.state.includes(STATE.night)) nights++;
    }
    expect(drivers).toBeGreaterThan(10);
    expect(rested).toBe(drivers);
    expect(nights).toBeGreaterThan(drivers / 2);
  });

  it('reports position(t) as the track point of the 30 s t falls in', () => {
    const t = trackOf('苏E3N5P8', 2, START, START + 12 * HOUR);
    for (const i of [0, 1, 77, 500, 1001, 1440]) {
      const p = positionAt('苏E3N5P8', 2, t.at[i] as number);
      expect([p.lon, p.lat, p.speed, p.direction]).toEqual([t.lon[i], t.lat[i], t.speed[i], t.direction[i]]);
      expect(positionAt('苏E3N5P8', '2', (t.at[i] as number) + 29_999)).toEqual(p);
    }
  });

  it('keeps each plate at the home city sandbox answers already gave it', () => {
    for (const plate of plates(10)) {
      const home = drawFor(['home', plate]).pick('city', CITIES);
      const t = trackOf(plate, 2, START, START + 8 * 24 * HOUR, 300);
      const closest = Math.min(...t.lon.map((_, i) => distanceMetres(at(t, i), [home.lon, home.lat])));
      expect(closest, plate).toBeLessThan(10);
    }
  });

  it('writes addresses from the nearest town and the road, or the logistics park at either end', () => {
    const t = trackOf('粤B5H8J3', 2, START, START + 72 * HOUR, 600);
    const words = t.at.map((x) => addressOf(positionAt('粤B5H8J3', 2, x)));
    expect(words.some((w) => /^\S+省\S+市 G\d+\S+高速附近$/.test(w))).toBe(true);
    expect(words.some((w) => /物流园附近$/.test(w))).toBe(true);
  });
});

describe('sandbox answers from the fleet', () => {
  const NOW = Date.parse('2026-11-26T15:20:47+08:00');

  it('9694 answers where the truck is at the call, to the 30 s', () => {
    const answer = sandboxAnswer(spec(9694), { plateNumber: '粤B5H8J3', plateColor: '2' }, NOW);
    const p = positionAt('粤B5H8J3', '2', NOW);
    expect(answer.data).toEqual({ lon: p.lon, lat: p.lat, address: addressOf(p), speed: p.speed, direction: p.direction, gpsTime: '2026-11-26 15:20:30' });
    expect(sandboxAnswer(spec(9694), { plateNumber: '粤B5H8J3', plateColor: '2' }, NOW + 12_000)).toEqual(answer);
    expect(sandboxAnswer(spec(9694), { plateNumber: '粤B5H8J3', plateColor: '2' }, NOW + 3 * HOUR)).not.toEqual(answer);
    // The documented plate answers the documented sample at the sandbox's fixed instant only: called now, it is where its truck is now.
    const documented = spec(9694).sampleRequest as { plateNumber: string; plateColor: string };
    expect(sandboxAnswer(spec(9694), documented).data).toEqual(spec(9694).sampleResponse.data);
    const live = sandboxAnswer(spec(9694), documented, NOW).data as { gpsTime: string; lon: number };
    expect(live.gpsTime).toBe('2026-11-26 15:20:30');
    expect(live.lon).toBe(positionAt(documented.plateNumber, documented.plateColor, NOW).lon);
  });

  it('9867 answers every 30 s of the window up to now, with the mileage of its moving points', () => {
    const s = spec(9867);
    const full = sandboxAnswer(s, { plateNumber: '粤B5H8J3', plateColor: '2', startTime: '2026-11-20 00:00:00', endTime: '2026-11-23 00:00:00' }, NOW);
    const data = full.data as { mileage: number; total: number; points: { lon: number; lat: number; speed: number; gpsTime: string }[] };
    expect(data.total).toBe(8641);
    expect(data.points).toHaveLength(8641);
    expect(data.points[0]?.gpsTime).toBe('2026-11-20 00:00:00');
    expect(data.points[8640]?.gpsTime).toBe('2026-11-23 00:00:00');
    let km = 0;
    for (let i = 1; i < data.points.length; i++) {
      const [a, b] = [data.points[i - 1], data.points[i]] as [{ lon: number; lat: number; speed: number }, { lon: number; lat: number; speed: number }];
      if (a.speed > 0 || b.speed > 0) km += distanceMetres([a.lon, a.lat], [b.lon, b.lat]) / 1000;
    }
    expect(data.mileage).toBeCloseTo(km, 1);
    expect(data.mileage).toBeGreaterThan(500);
    // A window reaching past now ends at now.
    const recent = sandboxAnswer(s, { plateNumber: '粤B5H8J3', plateColor: '2', startTime: '2026-11-26 12:00:00', endTime: '2026-11-27 12:00:00' }, NOW);
    const pts = (recent.data as { points: { gpsTime: string }[] }).points;
    expect(pts.at(-1)?.gpsTime).toBe('2026-11-26 15:20:30');
    // 12:00:00 to 15:20:30: 3 h 20 min 30 s of 30 s steps, both ends included.
    expect(pts).toHaveLength(3 * 120 + 41 + 1);
    expect(chinaClock(NOW)).toBe('2026-11-26 15:20:47');
    // Beyond 72 hours: the interface's 10012; reversed: 10002 (the sandbox's rule for every window).
    expect(sandboxAnswer(s, { plateNumber: '粤B5H8J3', plateColor: '2', startTime: '2026-11-20 00:00:00', endTime: '2026-11-23 00:00:01' }, NOW).code).toBe(
      '10012',
    );
    expect(sandboxAnswer(s, { plateNumber: '粤B5H8J3', plateColor: '2', startTime: '2026-11-23 00:00:00', endTime: '2026-11-20 00:00:00' }, NOW).code).toBe(
      '10002',
    );
  });

  it('9878 finds its stops on the 9867 track, and 9875 and 9874 agree with it', () => {
    const vehicle = { plateNumber: '粤B5H8J3', plateColor: '2', startTime: '2026-11-20 00:00:00', endTime: '2026-11-23 00:00:00' };
    const track = (sandboxAnswer(spec(9867), vehicle, NOW).data as { mileage: number; points: { lon: number; lat: number; speed: number; gpsTime: string }[] })
      .points;
    const byTime = new Map(track.map((p) => [p.gpsTime, p]));
    const stops = (sandboxAnswer(spec(9878), { ...vehicle, minMinutes: '20' }, NOW).data as { total: number; stops: Stop[] }).stops;
    expect(stops.length).toBeGreaterThan(2);
    for (const stop of stops) {
      const first = byTime.get(stop.start);
      expect(first?.speed).toBe(0);
      expect([first?.lon, first?.lat]).toEqual([stop.lon, stop.lat]);
      expect(stop.minutes).toBeGreaterThanOrEqual(20);
    }
    const miles = sandboxAnswer(spec(9875), vehicle, NOW).data as { mileage: number; drivingMinutes: number; activeDays: number };
    const mileage = (sandboxAnswer(spec(9867), vehicle, NOW).data as { mileage: number }).mileage;
    // Along the road versus between reports: within a percent.
    expect(Math.abs(miles.mileage - mileage) / mileage).toBeLessThan(0.01);
    expect(miles.drivingMinutes).toBe(Math.round(track.filter((p) => p.speed > 0).length / 2));
    // The truck's first stop is a place it stands at: a 1 km circle there is reached.
    const stop = stops[0] as Stop;
    const arrival = sandboxAnswer(spec(9874), { ...vehicle, lon: String(stop.lon), lat: String(stop.lat), radius: '1000' }, NOW).data as {
      arrived: boolean;
      firstArriveTime: string;
      stayMinutes: number;
    };
    expect(arrival.arrived).toBe(true);
    expect(arrival.firstArriveTime <= stop.start).toBe(true);
    expect(arrival.stayMinutes).toBeGreaterThanOrEqual(stop.minutes);
    const far = sandboxAnswer(spec(9874), { ...vehicle, lon: '87.6', lat: '43.8', radius: '1000' }, NOW).data as { arrived: boolean };
    expect(far.arrived).toBe(false);
  });
});
