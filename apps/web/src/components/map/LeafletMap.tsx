'use client';
// The browser-only half of FleetMap: one Leaflet map, its base (offline outlines or the configured
// tiles) and the overlays the props describe, each kept in its own layer group so a prop change
// redraws only what changed. Props are GCJ-02; with WGS-84 tiles the overlays are moved for display
// and drawn fences moved back (Decision 11).
import type {} from '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { arcPoints } from './arc';
import { type BaseMap, loadBaseMap } from './base-map';
import { fromDisplay, type LonLat, type MapCrs, round6, toDisplay } from './coords';
import styles from './map.module.css';
import type { FenceDraft, FleetMapProps } from './types';

const CHINA = L.latLngBounds([18, 73.5], [53.6, 135]);
/** Offline there is nothing to see far outside China; the view stays near it. */
const OFFLINE_LIMIT = L.latLngBounds([-5, 55], [62, 160]);
const COLOR = { primary: '#1d5cff', track: '#7fa0ef', played: '#1246d6', stop: '#c8480b', fence: '#1d5cff', selected: '#c8480b', line: '#1d5cff' };

/** Performance marks the drawing benchmark reads (scripts/bench-map.mjs). */
export const TRACK_MEASURE = 'fleetmap:track';

const ll = (p: LonLat) => L.latLng(p[1], p[0]);
const toLonLat = (v: L.LatLng): LonLat => [v.lng, v.lat];

function arrowHtml(heading: number | undefined): string {
  const turn = Number.isFinite(heading) ? Number(heading) : 0;
  return `<span class="${styles.arrow}" style="transform:rotate(${turn}deg)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2 20 21 12 16.5 4 21Z"/></svg></span>`;
}

/** Flat-earth bearing between two nearby points: enough to turn an arrow. */
function headingBetween(a: L.LatLng, b: L.LatLng): number {
  const dx = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180);
  const dy = b.lat - a.lat;
  return ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
}

function textEl(tag: string, text: string, className?: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = text;
  if (className) el.className = className;
  return el;
}

/** The 南海诸岛 inset as a paper map places it: a framed box in the lower right corner. */
function insetControl(rings: LonLat[][]): L.Control {
  let [x0, y0, x1, y1] = [180, 90, -180, -90];
  for (const r of rings)
    for (const [x, y] of r) {
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  const k = 56 / (x1 - x0);
  const ky = k / Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  const w = 56;
  const h = Math.round((y1 - y0) * ky);
  const paths = rings
    .map((r) => {
      const d = r.map(([x, y], i) => `${i ? 'L' : 'M'}${((x - x0) * k).toFixed(1)} ${((y1 - y) * ky).toFixed(1)}`).join('');
      // Rings of three points are the dashes and the frame: lines, not areas.
      return r.length > 3 ? `<path class="${styles.insetLand}" d="${d}Z"/>` : `<path class="${styles.insetLine}" d="${d}"/>`;
    })
    .join('');
  const Inset = L.Control.extend({
    onAdd() {
      const div = L.DomUtil.create('div', styles.inset);
      div.innerHTML = `<svg viewBox="-1 -1 ${w + 2} ${h + 2}" width="${w + 2}" height="${h + 2}" aria-hidden="true">${paths}</svg><span>南海诸岛</span>`;
      return div;
    },
  });
  return new Inset({ position: 'bottomright' });
}

function drawBase(map: L.Map, base: BaseMap): void {
  map.createPane('base').style.zIndex = '250';
  const labels = map.createPane('labels');
  labels.style.zIndex = '350';
  labels.style.pointerEvents = 'none';
  L.geoJSON(base.provinces, {
    pane: 'base',
    interactive: false,
    style: { color: '#b9c5d8', weight: 1, fillColor: '#fbfcfe', fillOpacity: 1 },
  }).addTo(map);
  for (const c of base.cities) {
    L.marker(ll(c.lonLat), {
      pane: 'labels',
      interactive: false,
      keyboard: false,
      icon: L.divIcon({ className: `${styles.city} ${c.rank === 1 ? styles.city1 : styles.city2}`, html: `<i></i>${c.name}`, iconSize: [0, 0] }),
    }).addTo(map);
  }
  insetControl(base.inset).addTo(map);
  map.attributionControl.addAttribution('省界示意图，不作为划界依据');
}

export default function LeafletMap(props: FleetMapProps) {
  const { tiles, markers, track, cursor, stops, fences, lines, draw, onMarkerClick, onLineClick } = props;
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [sized, setSized] = useState(0);
  const crs: MapCrs = tiles?.crs ?? 'gcj02';
  // The tiles' fields one by one: a server page hands a new object on every render.
  const tilesUrl = tiles?.tilesUrl ?? '';
  const subdomains = tiles?.subdomains ?? '';
  const attribution = tiles?.attribution ?? '';

  // The map itself, made again only when the tiles change.
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const m = L.map(node, {
      zoomControl: false,
      attributionControl: false,
      minZoom: 3,
      maxZoom: 18,
      zoomSnap: 0.5,
      ...(tilesUrl ? {} : { maxBounds: OFFLINE_LIMIT, maxBoundsViscosity: 0.8 }),
    });
    m.fitBounds(CHINA, { animate: false });
    L.control.zoom({ position: 'topright', zoomInTitle: '放大', zoomOutTitle: '缩小' }).addTo(m);
    L.control.scale({ imperial: false, position: 'bottomleft' }).addTo(m);
    L.control.attribution({ prefix: false, position: 'bottomright' }).addTo(m);
    let live = true;
    if (tilesUrl) {
      L.tileLayer(tilesUrl, { subdomains: subdomains || 'abc', attribution, maxZoom: 18 }).addTo(m);
    } else {
      loadBaseMap().then((base) => live && drawBase(m, base));
    }
    const zoomClass = () => {
      node.dataset.zoom = m.getZoom() < 5.5 ? 'country' : m.getZoom() < 7 ? 'region' : 'city';
    };
    m.on('zoomend', zoomClass);
    zoomClass();
    // The box can change size (a collapsing sider, a phone turning): Leaflet has to be told. A box
    // that had no size yet (a drawer still opening) is framed again once it has one.
    let empty = node.clientWidth === 0 || node.clientHeight === 0;
    const resize = new ResizeObserver(() => {
      m.invalidateSize();
      if (empty && node.clientWidth > 0 && node.clientHeight > 0) {
        empty = false;
        setSized((n) => n + 1);
      }
    });
    resize.observe(node);
    setMap(m);
    return () => {
      live = false;
      resize.disconnect();
      m.remove();
      setMap(null);
    };
  }, [tilesUrl, subdomains, attribution]);

  // ── Vehicles ─────────────────────────────────────────────────────────────────────────────────
  const clickRef = useRef(onMarkerClick);
  clickRef.current = onMarkerClick;
  useEffect(() => {
    if (!map || !markers?.length) return;
    const group = L.layerGroup().addTo(map);
    // A label on every arrow reads well for a fleet of tens; hundreds would cover the map.
    const permanent = markers.length <= 30;
    for (const v of markers) {
      const state = v.online === true ? styles.online : v.online === false ? styles.offline : '';
      const size = v.selected ? 34 : 26;
      const marker = L.marker(ll(toDisplay([v.lon, v.lat], crs)), {
        icon: L.divIcon({
          // fleet-vehicle / fleet-vehicle-chosen: stable names (CSS module names are hashed in a build) for tests and tools.
          className: `fleet-vehicle ${styles.vehicle} ${state} ${v.selected ? `fleet-vehicle-chosen ${styles.chosen}` : ''}`,
          html: arrowHtml(v.heading),
          iconSize: [size, size],
          iconAnchor: [size / 2, size / 2],
        }),
        title: v.label,
        alt: v.label,
        riseOnHover: true,
        zIndexOffset: v.selected ? 1000 : 0,
      });
      marker.bindTooltip(v.label, { permanent, direction: 'right', offset: [12, 0], className: styles.plate });
      if (v.detail) {
        const box = document.createElement('div');
        box.append(textEl('strong', v.label), textEl('div', v.detail, styles.detail));
        marker.bindPopup(box, { closeButton: false, offset: [0, -8] });
      }
      marker.on('click', () => clickRef.current?.(v.id));
      marker.addTo(group);
      if (v.selected) {
        if (!map.getBounds().pad(-0.1).contains(marker.getLatLng())) map.panTo(marker.getLatLng());
        if (v.detail) marker.openPopup();
      }
    }
    return () => {
      group.remove();
    };
  }, [map, markers, crs]);

  // ── Track ────────────────────────────────────────────────────────────────────────────────────
  // The benchmark's figure is the conversion here plus the layers' work up to their first paint.
  const convertMs = useRef(0);
  const trackStart = useRef(0);
  const latlngs = useMemo(() => {
    const t0 = performance.now();
    if (!track || track.lon.length === 0) return null;
    const out: L.LatLng[] = new Array(track.lon.length);
    for (let i = 0; i < track.lon.length; i++) {
      const p = toDisplay([track.lon[i] ?? 0, track.lat[i] ?? 0], crs);
      out[i] = L.latLng(p[1], p[0]);
    }
    convertMs.current = performance.now() - t0;
    return out;
  }, [track, crs]);
  const playing = cursor !== null && cursor !== undefined;
  const played = useRef<L.Polyline | null>(null);
  const mover = useRef<L.Marker | null>(null);
  useEffect(() => {
    if (!map || !latlngs) return;
    trackStart.current = performance.now();
    // Canvas, not SVG: 8 600 points as one SVG path would be laid out again on every pan. The played
    // part has a canvas of its own, so growing it each step repaints it alone, not the whole track.
    const renderer = L.canvas({ padding: 0.5 });
    const playedRenderer = L.canvas({ padding: 0.5 });
    const group = L.layerGroup().addTo(map);
    L.polyline(latlngs, { renderer, color: playing ? COLOR.track : COLOR.primary, weight: playing ? 3 : 4, opacity: 0.9, interactive: false }).addTo(group);
    played.current = L.polyline([], { renderer: playedRenderer, color: COLOR.played, weight: 4, interactive: false }).addTo(group);
    const end = (text: string, cls: string, at: L.LatLng) =>
      L.marker(at, {
        icon: L.divIcon({ className: `${styles.end} ${cls}`, html: text, iconSize: [22, 22], iconAnchor: [11, 11] }),
        keyboard: false,
        interactive: false,
        // A track often starts and ends parked: 起 and 终 stay above the stop there.
        zIndexOffset: 500,
      }).addTo(group);
    const first = latlngs[0];
    const last = latlngs[latlngs.length - 1];
    if (first) end('起', styles.start ?? '', first);
    if (last && latlngs.length > 1) end('终', styles.finish ?? '', last);
    mover.current = L.marker(first ?? CHINA.getCenter(), {
      icon: L.divIcon({ className: `${styles.vehicle} ${styles.moving}`, html: arrowHtml(0), iconSize: [28, 28], iconAnchor: [14, 14] }),
      keyboard: false,
      interactive: false,
      zIndexOffset: 1000,
    });
    return () => {
      group.remove();
      mover.current?.remove();
      played.current = null;
      mover.current = null;
    };
  }, [map, latlngs, playing]);

  // The played part and the moving vehicle follow the cursor without redrawing the whole track.
  useEffect(() => {
    if (!map || !latlngs || !played.current || !mover.current) return;
    if (cursor === null || cursor === undefined) {
      mover.current.remove();
      return;
    }
    const i = Math.max(0, Math.min(latlngs.length - 1, cursor));
    const at = latlngs[i];
    if (!at) return;
    played.current.setLatLngs(latlngs.slice(0, i + 1));
    mover.current.setLatLng(at);
    if (!map.hasLayer(mover.current)) mover.current.addTo(map);
    // Zoomed in on part of the track, the view follows the vehicle when it drives out of it.
    if (!map.getBounds().contains(at)) map.panTo(at);
    const next = latlngs[Math.min(latlngs.length - 1, i + 1)];
    const prev = latlngs[Math.max(0, i - 1)];
    const heading = next && next !== at && !next.equals(at) ? headingBetween(at, next) : prev && !prev.equals(at) ? headingBetween(prev, at) : null;
    const arrow = mover.current.getElement()?.firstElementChild as HTMLElement | null | undefined;
    if (arrow && heading !== null) arrow.style.transform = `rotate(${heading.toFixed(0)}deg)`;
  }, [map, latlngs, cursor]);

  // ── Stops ────────────────────────────────────────────────────────────────────────────────────
  useEffect(() => {
    if (!map || !stops?.length) return;
    const group = L.layerGroup().addTo(map);
    for (const s of stops) {
      L.marker(ll(toDisplay([s.lon, s.lat], crs)), {
        icon: L.divIcon({ className: styles.stop, html: '停', iconSize: [20, 20], iconAnchor: [10, 10] }),
        title: s.label,
        alt: s.label,
      })
        .bindTooltip(s.label, { direction: 'top', offset: [0, -10] })
        .addTo(group);
    }
    return () => {
      group.remove();
    };
  }, [map, stops, crs]);

  // ── Fences ───────────────────────────────────────────────────────────────────────────────────
  useEffect(() => {
    if (!map || !fences?.length) return;
    const group = L.layerGroup().addTo(map);
    for (const f of fences) {
      const style: L.PathOptions = f.selected
        ? { color: COLOR.selected, weight: 3, fillColor: COLOR.selected, fillOpacity: 0.18 }
        : { color: COLOR.fence, weight: 2, fillColor: COLOR.fence, fillOpacity: 0.08 };
      const layer =
        f.shape === 'circle' && f.center && f.radius
          ? L.circle(ll(toDisplay(f.center, crs)), { ...style, radius: f.radius })
          : f.shape === 'polygon' && f.points && f.points.length >= 3
            ? L.polygon(
                f.points.map((p) => ll(toDisplay(p, crs))),
                style,
              )
            : null;
      layer?.bindTooltip(f.name, { sticky: true }).addTo(group);
    }
    return () => {
      group.remove();
    };
  }, [map, fences, crs]);

  // ── Driving lines ────────────────────────────────────────────────────────────────────────────
  const lineClickRef = useRef(onLineClick);
  lineClickRef.current = onLineClick;
  useEffect(() => {
    if (!map || !lines?.length) return;
    const group = L.layerGroup().addTo(map);
    const cities = new Map<string, LonLat>();
    // The chosen line last, so it is drawn above the others.
    const ordered = [...lines].sort((x, y) => Number(Boolean(x.selected)) - Number(Boolean(y.selected)));
    for (const line of ordered) {
      const pts = arcPoints(toDisplay(line.from, crs), toDisplay(line.to, crs)).map(ll);
      const color = line.selected ? COLOR.selected : COLOR.line;
      const weight = 2 + Math.round(Math.min(1, Math.max(0, line.weight ?? 0)) * 6);
      const path = L.polyline(pts, { color, weight: line.selected ? weight + 1 : weight, opacity: line.selected ? 0.95 : 0.75, className: 'fleet-line' });
      path.bindTooltip(line.label, { sticky: true });
      path.on('click', () => lineClickRef.current?.(line.id));
      path.addTo(group);
      // The arrow at the middle of the arc points the way the line runs.
      const mid = Math.floor(pts.length / 2);
      const [a, b] = [pts[mid - 1], pts[mid + 1]];
      const at = pts[mid];
      if (a && b && at) {
        L.marker(at, {
          icon: L.divIcon({
            className: `${styles.lineArrow} ${line.selected ? styles.lineArrowChosen : ''}`,
            html: arrowHtml(headingBetween(a, b)),
            iconSize: [18, 18],
            iconAnchor: [9, 9],
          }),
          keyboard: false,
          interactive: false,
        }).addTo(group);
      }
      cities.set(line.fromLabel, line.from);
      cities.set(line.toLabel, line.to);
    }
    for (const [name, p] of cities) {
      L.marker(ll(toDisplay(p, crs)), {
        icon: L.divIcon({ className: styles.lineCity, html: `<i></i><span>${name.replace(/[<>&"]/g, '')}</span>`, iconSize: [0, 0] }),
        keyboard: false,
        interactive: false,
        zIndexOffset: 600,
      }).addTo(group);
    }
    return () => {
      group.remove();
    };
  }, [map, lines, crs]);

  // ── Drawing a fence (geoman) ─────────────────────────────────────────────────────────────────
  const drawShape = draw?.shape ?? null;
  const changeRef = useRef(draw?.onChange);
  changeRef.current = draw?.onChange;
  // Read once per drawing session: the parent echoing every change back must not restart it.
  const initialRef = useRef(draw?.initial);
  initialRef.current = draw?.initial;
  useEffect(() => {
    if (!map || !drawShape) return;
    let cancelled = false;
    let layer: L.Circle | L.Polygon | null = null;
    const emit = () => {
      if (!layer) return;
      let out: FenceDraft;
      if (layer instanceof L.Circle) {
        const c = fromDisplay(toLonLat(layer.getLatLng()), crs);
        out = { center: [round6(c[0]), round6(c[1])], radius: Math.round(layer.getRadius()) };
      } else {
        const ring = (layer.getLatLngs()[0] ?? []) as L.LatLng[];
        out = {
          points: ring.map((v) => {
            const p = fromDisplay(toLonLat(v), crs);
            return [round6(p[0]), round6(p[1])] as LonLat;
          }),
        };
      }
      changeRef.current?.(out);
    };
    const adopt = (next: L.Circle | L.Polygon) => {
      if (layer && layer !== next) layer.remove();
      layer = next;
      next.setStyle({ color: COLOR.selected, fillColor: COLOR.selected, fillOpacity: 0.15, weight: 3 });
      next.pm.enable({ allowSelfIntersection: false, draggable: true });
      next.on('pm:edit pm:dragend', emit);
      map.pm.disableDraw();
      emit();
    };
    const onCreate = (e: { layer: L.Layer }) => {
      if (e.layer instanceof L.Circle || e.layer instanceof L.Polygon) adopt(e.layer);
    };
    (async () => {
      // geoman extends the global L it finds on window; this module's L is that one.
      (window as unknown as { L: typeof L }).L = L;
      await import('@geoman-io/leaflet-geoman-free');
      if (cancelled) return;
      // geoman equips maps made after it loaded; this one was made before (most maps never draw).
      if (!map.pm) {
        const PM = (L as unknown as { PM: { Map: new (m: L.Map) => L.PM.PMMap } }).PM;
        map.pm = new PM.Map(map);
      }
      map.pm.setGlobalOptions({ snappable: false });
      map.pm.setLang('zh');
      map.pm.addControls({
        position: 'topleft',
        drawMarker: false,
        drawCircleMarker: false,
        drawPolyline: false,
        drawRectangle: false,
        drawText: false,
        drawCircle: drawShape === 'circle',
        drawPolygon: drawShape === 'polygon',
        editMode: false,
        dragMode: false,
        cutPolygon: false,
        removalMode: false,
        rotateMode: false,
      });
      map.on('pm:create', onCreate);
      const init = initialRef.current;
      if (init && 'center' in init && drawShape === 'circle') adopt(L.circle(ll(toDisplay(init.center, crs)), { radius: init.radius }).addTo(map));
      else if (init && 'points' in init && drawShape === 'polygon' && init.points.length >= 3)
        adopt(
          L.polygon(
            init.points.map((p) => ll(toDisplay(p, crs))),
            {},
          ).addTo(map),
        );
      else map.pm.enableDraw(drawShape === 'circle' ? 'Circle' : 'Polygon', { allowSelfIntersection: false });
    })();
    return () => {
      cancelled = true;
      map.off('pm:create', onCreate);
      if (map.pm) {
        map.pm.disableDraw();
        map.pm.removeControls();
      }
      layer?.remove();
    };
  }, [map, drawShape, crs]);

  // ── What the view frames ─────────────────────────────────────────────────────────────────────
  const markerKey = markers?.map((m) => m.id).join(',') ?? '';
  const fenceKey = fences?.map((f) => `${f.id}:${f.selected ? 1 : 0}`).join(',') ?? '';
  const lineKey = lines?.map((l) => l.id).join(',') ?? '';
  const fit = props.fit ?? (latlngs ? 'track' : markers?.length ? 'markers' : fences?.length ? 'fences' : lines?.length ? 'lines' : 'china');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of things changes, not on every position refresh
  useEffect(() => {
    if (!map) return;
    let bounds: L.LatLngBounds | null = null;
    if (fit === 'track' && latlngs?.length) bounds = L.latLngBounds(latlngs);
    else if (fit === 'markers' && markers?.length) bounds = L.latLngBounds(markers.map((v) => ll(toDisplay([v.lon, v.lat], crs))));
    else if (fit === 'fences' && fences?.length) {
      const chosen = fences.some((f) => f.selected) ? fences.filter((f) => f.selected) : fences;
      for (const f of chosen) {
        const b =
          f.shape === 'circle' && f.center && f.radius
            ? L.latLng(ll(toDisplay(f.center, crs))).toBounds(f.radius * 2)
            : f.points?.length
              ? L.latLngBounds(f.points.map((p) => ll(toDisplay(p, crs))))
              : null;
        if (b) bounds = bounds ? bounds.extend(b) : b;
      }
    } else if (fit === 'lines' && lines?.length) {
      bounds = L.latLngBounds(lines.flatMap((l) => arcPoints(toDisplay(l.from, crs), toDisplay(l.to, crs), 8).map(ll)));
    } else if (fit === 'china') bounds = CHINA;
    if (!bounds) return;
    // No animation: the view is where the data is in the same frame it is drawn.
    if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), 14, { animate: false });
    else map.fitBounds(bounds, { padding: [28, 28], maxZoom: 15, animate: false });
  }, [map, fit, latlngs, markerKey, fenceKey, lineKey, crs, sized]);

  // The benchmark's figure: converting the points, then from adding the layers to the frame in which
  // Leaflet painted them (the map itself and its base are made before, and not counted).
  // Declared last so its frame callback runs after the renderer's own, queued in the effects above.
  useEffect(() => {
    if (!map || !latlngs) return;
    const start = trackStart.current;
    const frame = requestAnimationFrame(() => {
      const ms = convertMs.current + performance.now() - start;
      performance.measure(TRACK_MEASURE, { start: start - convertMs.current, duration: ms, detail: { points: latlngs.length } });
      if (el.current) {
        el.current.dataset.trackMs = ms.toFixed(1);
        el.current.dataset.trackPoints = String(latlngs.length);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [map, latlngs]);

  return <div ref={el} className={styles.map} data-crs={crs} data-testid="fleet-map" />;
}
