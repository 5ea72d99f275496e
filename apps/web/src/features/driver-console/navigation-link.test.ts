import { describe, expect, it } from 'vitest';
import { navigationUrl, nextStopKind, type NextStop } from './navigation-link';

const PICKUP: NextStop = { kind: 'pickup', lat: 40.7725, lng: -73.9835, label: 'Lincoln Center (pickup)' };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('navigationUrl', () => {
  it('gives Android a geo: link with the stop labelled (its parentheses escaped), so any navigation app can answer it', () => {
    expect(navigationUrl(PICKUP, { userAgent: ANDROID })).toBe('geo:40.7725,-73.9835?q=40.7725,-73.9835(Lincoln%20Center%20%28pickup%29)');
  });

  it('gives an iPhone, and an iPad that says it is a Mac, Apple Maps directions', () => {
    expect(navigationUrl(PICKUP, { userAgent: IPHONE })).toBe('https://maps.apple.com/?daddr=40.7725,-73.9835');
    expect(navigationUrl(PICKUP, { userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe('https://maps.apple.com/?daddr=40.7725,-73.9835');
  });

  it('gives every other device (a Mac without touch, a desktop) Google Maps directions', () => {
    expect(navigationUrl(PICKUP, { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe('https://www.google.com/maps/dir/?api=1&destination=40.7725,-73.9835');
    expect(navigationUrl(PICKUP, { userAgent: DESKTOP })).toBe('https://www.google.com/maps/dir/?api=1&destination=40.7725,-73.9835');
  });
});

describe('nextStopKind', () => {
  it('is the pickup until the ride starts, then the drop-off', () => {
    expect(nextStopKind('accepted')).toBe('pickup');
    expect(nextStopKind('requested')).toBe('pickup');
    expect(nextStopKind('in_progress')).toBe('dropoff');
  });
});
