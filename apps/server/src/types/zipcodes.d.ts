declare module 'zipcodes/lib/codes.js' {
  export type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  export const codes: Record<string, ZipRecord>;
}
