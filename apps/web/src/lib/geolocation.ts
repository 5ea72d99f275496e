import { useCallback, useState } from 'react';

/** The spec's geolocation settings: high accuracy, 10 s timeout, positions up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export type Coordinates = { lat: number; lng: number; accuracyMeters: number };

export function getCurrentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Geolocation is not supported by this browser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude, accuracyMeters: coords.accuracy }),
      (error) => reject(new Error(error.message || 'Unable to get the current location')),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** Asks the browser for the device's position on demand; `locate` resolves to null when it fails. */
export function useCurrentPosition() {
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const locate = useCallback(async (): Promise<Coordinates | null> => {
    setIsLocating(true);
    try {
      const found = await getCurrentPosition();
      setPosition(found);
      return found;
    } catch {
      return null;
    } finally {
      setIsLocating(false);
    }
  }, []);
  return { position, isLocating, locate };
}
