import { useEffect, useRef, useState } from 'react';
import { GEOLOCATION_OPTIONS, type Coordinates } from '@/lib/geolocation';
import { useOnReconnected, useRealtimeClient } from '@/lib/realtime-context';
import type { RealtimeClient } from '@/lib/realtime';

/** The server keeps at most one position a second per driver; sending more only costs battery. */
const SEND_INTERVAL_MS = 1000;

type Fix = Coordinates & { heading?: number };

function sendFix(client: RealtimeClient | null, fix: Fix): boolean {
  const { lat, lng, heading } = fix;
  return client?.send({ type: 'location_update', location: heading === undefined ? { lat, lng } : { lat, lng, heading } }) ?? false;
}

/**
 * While `isEnabled` (the driver is online), watches the device's position with the spec's options
 * and streams it over the socket as location_update, so dispatch finds the driver and their rider
 * sees them move. After a reconnect the last fix is sent again at once.
 */
export function useLocationStream(isEnabled: boolean): { position: Coordinates | null; isUnavailable: boolean } {
  const client = useRealtimeClient();
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [isUnavailable, setIsUnavailable] = useState(false);
  const lastFix = useRef<Fix | null>(null);
  const lastSentAt = useRef(0);

  useEffect(() => {
    if (!isEnabled || typeof navigator === 'undefined' || !navigator.geolocation) return;
    const watchId = navigator.geolocation.watchPosition(
      ({ coords }) => {
        const heading = coords.heading;
        const fix: Fix = {
          lat: coords.latitude,
          lng: coords.longitude,
          accuracyMeters: coords.accuracy,
          ...(heading !== null && !Number.isNaN(heading) ? { heading } : {}),
        };
        lastFix.current = fix;
        setPosition(fix);
        setIsUnavailable(false);
        const now = Date.now();
        if (now - lastSentAt.current >= SEND_INTERVAL_MS && sendFix(client, fix)) lastSentAt.current = now;
      },
      () => setIsUnavailable(true),
      GEOLOCATION_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(watchId);
  }, [isEnabled, client]);

  useOnReconnected(() => {
    if (isEnabled && lastFix.current && sendFix(client, lastFix.current)) lastSentAt.current = Date.now();
  });

  return { position, isUnavailable: isEnabled && isUnavailable };
}
