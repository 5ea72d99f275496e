import type { LatLng } from '@coride/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapPinOffIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import './ride-map.css';

/** Which stop a pin stands for (features/booking/trip.ts has the same). */
export type StopKind = 'pickup' | 'dropoff';

export type MapLabels = {
  /** The map region's accessible name. */
  region: string;
  pickup: string;
  dropoff: string;
  driver: string;
  tilesUnavailable: string;
};

export type LeafletMapProps = {
  /** The tile server template from /api/config; empty means no tiles, null not known yet. */
  tileUrl: string | null;
  center: LatLng;
  pickup: LatLng | null;
  dropoff: LatLng | null;
  driver?: LatLng | null;
  /** Which pin a click places (and whether the pins can be dragged); null makes the map read-only. */
  pickTarget?: StopKind | null;
  onPick?: (kind: StopKind, point: LatLng) => void;
  labels: MapLabels;
  className?: string;
};

const DEFAULT_ZOOM = 13;
const SINGLE_POINT_ZOOM = 15;
// Room around framed points: a pin stands about 40 px above its point, and the bottom holds the
// attribution and, offline, the notice that map images cannot load.
const FIT_PADDING_TOP_LEFT: L.PointExpression = [40, 56];
const FIT_PADDING_BOTTOM_RIGHT: L.PointExpression = [40, 72];
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// lucide "car", inlined: Leaflet markers are plain HTML, not React.
const CAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"/><circle cx="7" cy="17" r="2"/><path d="M9 17h6"/><circle cx="17" cy="17" r="2"/></svg>';

function pinIcon(kind: StopKind, isDraggable: boolean): L.DivIcon {
  return L.divIcon({
    className: cn('ride-marker', isDraggable && 'ride-marker--draggable'),
    html: `<div class="ride-pin ride-pin--${kind}"></div>`,
    iconSize: [30, 30],
    // The tip of the teardrop (its rotated corner) sits on the point.
    iconAnchor: [15, 36],
  });
}

const driverIcon = () => L.divIcon({ className: 'ride-marker', html: `<div class="ride-driver">${CAR_SVG}</div>`, iconSize: [36, 36], iconAnchor: [18, 18] });

const same = (a: LatLng | null | undefined, b: LatLng | null | undefined) => (a ?? null) === (b ?? null) || (!!a && !!b && a.lat === b.lat && a.lng === b.lng);

/**
 * The trip map: pickup and drop-off pins with a dashed line between them, the driver's car when
 * there is one, and (when `pickTarget` is set) a click or a drag places a pin. Tiles come from the
 * configured server; when they cannot load (offline) the map keeps working on a plain grid and says so.
 */
export default function LeafletMap({ tileUrl, center, pickup, dropoff, driver = null, pickTarget = null, onPick, labels, className }: LeafletMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tiles, setTiles] = useState<{ url: string | null; hasError: boolean; hasLoaded: boolean }>({ url: tileUrl, hasError: false, hasLoaded: false });
  // Read by Leaflet's event handlers, which are attached once.
  const pickTargetRef = useRef(pickTarget);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    pickTargetRef.current = pickTarget;
    onPickRef.current = onPick;
  });

  // The map itself, created when its element mounts (a ref callback, so the map is state, not a ref).
  const initialCenter = useRef(center);
  const attachMap = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const { lat, lng } = initialCenter.current;
    const created = L.map(element, { center: [lat, lng], zoom: DEFAULT_ZOOM, zoomControl: false, attributionControl: true });
    L.control.zoom({ position: 'topright' }).addTo(created);
    created.attributionControl.setPrefix(false);
    created.on('click', (event: L.LeafletMouseEvent) => {
      const target = pickTargetRef.current;
      if (target) onPickRef.current?.(target, { lat: event.latlng.lat, lng: event.latlng.lng });
    });
    // The container changes size with the layout (a column that stretches, a phone rotating).
    const observer = new ResizeObserver(() => created.invalidateSize());
    observer.observe(element);
    setMap(created);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
    };
  }, []);

  useEffect(() => {
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19, crossOrigin: true });
    layer.on('tileerror', () => setTiles((state) => ({ url: tileUrl, hasError: true, hasLoaded: state.url === tileUrl && state.hasLoaded })));
    layer.on('tileload', () => setTiles((state) => ({ url: tileUrl, hasError: state.url === tileUrl && state.hasError, hasLoaded: true })));
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl]);

  const isEditable = pickTarget !== null;
  usePin(map, pickup, 'pickup', labels.pickup, isEditable, onPickRef);
  usePin(map, dropoff, 'dropoff', labels.dropoff, isEditable, onPickRef);

  // The driver's car, moved in place as locations stream in.
  const driverMarker = useRef<L.Marker | null>(null);
  const hasDriver = driver !== null;
  useEffect(() => {
    if (!map || !hasDriver) return;
    const marker = L.marker([0, 0], { icon: driverIcon(), title: labels.driver, alt: labels.driver, keyboard: false, zIndexOffset: 1000 });
    driverMarker.current = marker;
    return () => {
      marker.remove();
      driverMarker.current = null;
    };
  }, [map, hasDriver, labels.driver]);
  useEffect(() => {
    const marker = driverMarker.current;
    if (!map || !marker || !driver) return;
    marker.setLatLng([driver.lat, driver.lng]);
    if (!map.hasLayer(marker)) marker.addTo(map);
  }, [map, driver, hasDriver]);

  // The dashed line from pickup to drop-off.
  useEffect(() => {
    if (!map || !pickup || !dropoff) return;
    const line = L.polyline(
      [
        [pickup.lat, pickup.lng],
        [dropoff.lat, dropoff.lng],
      ],
      { className: 'ride-route', weight: 4, opacity: 0.8, dashArray: '8 8', interactive: false },
    ).addTo(map);
    return () => {
      line.remove();
    };
  }, [map, pickup, dropoff]);

  // Frame the trip when its ends change (and the driver when they first appear), not on every car move.
  const framed = useRef<{ pickup: LatLng | null; dropoff: LatLng | null; hasDriver: boolean } | null>(null);
  useEffect(() => {
    if (!map) return;
    const previous = framed.current;
    if (previous && same(previous.pickup, pickup) && same(previous.dropoff, dropoff) && previous.hasDriver === hasDriver) return;
    framed.current = { pickup, dropoff, hasDriver };
    const points = [pickup, dropoff, driver].filter((p): p is LatLng => p !== null);
    if (points.length === 0) return;
    // The layout may have changed in this same commit (a suggestion list closing); measure afresh.
    map.invalidateSize();
    if (points.length === 1) map.setView([points[0]!.lat, points[0]!.lng], Math.max(map.getZoom(), SINGLE_POINT_ZOOM));
    else
      map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as L.LatLngTuple)), {
        paddingTopLeft: FIT_PADDING_TOP_LEFT,
        paddingBottomRight: FIT_PADDING_BOTTOM_RIGHT,
        maxZoom: SINGLE_POINT_ZOOM,
      });
  }, [map, pickup, dropoff, driver, hasDriver]);

  const isTileless = tileUrl === '' || (tileUrl !== null && tiles.url === tileUrl && tiles.hasError && !tiles.hasLoaded);

  return (
    <div className={cn('relative isolate overflow-hidden rounded-lg border', className)}>
      <div ref={attachMap} className="ride-map absolute inset-0" role="region" aria-label={labels.region} data-testid="ride-map" />
      {isTileless ? (
        <p
          className="pointer-events-none absolute inset-x-2 bottom-7 z-[1000] mx-auto flex w-fit max-w-full items-center gap-2 rounded-full bg-background/95 px-3 py-1.5 text-xs text-muted-foreground shadow"
          data-testid="map-tiles-unavailable"
        >
          <MapPinOffIcon className="size-3.5 shrink-0" aria-hidden />
          {labels.tilesUnavailable}
        </p>
      ) : null}
    </div>
  );
}

/** A pickup or drop-off pin: placed, moved, and draggable while the trip is being set. */
function usePin(
  map: L.Map | null,
  point: LatLng | null,
  kind: StopKind,
  label: string,
  isDraggable: boolean,
  onPickRef: { readonly current: LeafletMapProps['onPick'] },
) {
  const markerRef = useRef<L.Marker | null>(null);
  const hasPoint = point !== null;
  useEffect(() => {
    if (!map || !hasPoint) return;
    const marker = L.marker([0, 0], { icon: pinIcon(kind, isDraggable), title: label, alt: label, draggable: isDraggable, keyboard: false, riseOnHover: true });
    marker.on('dragend', () => {
      const { lat, lng } = marker.getLatLng();
      onPickRef.current?.(kind, { lat, lng });
    });
    markerRef.current = marker;
    return () => {
      marker.remove();
      markerRef.current = null;
    };
  }, [map, hasPoint, kind, label, isDraggable, onPickRef]);
  useEffect(() => {
    const marker = markerRef.current;
    if (!map || !marker || !point) return;
    marker.setLatLng([point.lat, point.lng]);
    if (!map.hasLayer(marker)) marker.addTo(map);
  }, [map, point, hasPoint, kind, label, isDraggable]);
}
