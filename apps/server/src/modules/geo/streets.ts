/**
 * Streets of the demo city the offline gazetteer suggests, each at one representative point (its
 * Midtown stretch for the long ones) with the zip code there. Without street geometry a typed house
 * number is kept in the address but not placed along the street: the pin is the street's point and
 * the rider can drag it.
 */
export type Street = { name: string; zip: string; city: string; lat: number; lng: number };

const manhattan = (name: string, zip: string, lat: number, lng: number): Street => ({ name, zip, city: 'New York', lat, lng });
const brooklyn = (name: string, zip: string, lat: number, lng: number): Street => ({ name, zip, city: 'Brooklyn', lat, lng });

export const streets: Street[] = [
  manhattan('W 42nd St', '10036', 40.757, -73.987),
  manhattan('E 42nd St', '10017', 40.752, -73.976),
  manhattan('W 34th St', '10001', 40.7505, -73.99),
  manhattan('E 34th St', '10016', 40.747, -73.979),
  manhattan('W 57th St', '10019', 40.766, -73.98),
  manhattan('E 57th St', '10022', 40.7615, -73.97),
  manhattan('W 23rd St', '10011', 40.744, -73.995),
  manhattan('E 23rd St', '10010', 40.739, -73.985),
  manhattan('W 14th St', '10011', 40.739, -74.002),
  manhattan('E 14th St', '10003', 40.733, -73.988),
  manhattan('W 125th St', '10027', 40.809, -73.948),
  manhattan('Broadway', '10036', 40.756, -73.9865),
  manhattan('5th Ave', '10018', 40.7535, -73.981),
  manhattan('Madison Ave', '10017', 40.754, -73.979),
  manhattan('Park Ave', '10022', 40.7565, -73.973),
  manhattan('Lexington Ave', '10017', 40.754, -73.973),
  manhattan('3rd Ave', '10016', 40.75, -73.974),
  manhattan('2nd Ave', '10016', 40.748, -73.972),
  manhattan('6th Ave', '10036', 40.754, -73.984),
  manhattan('7th Ave', '10018', 40.754, -73.988),
  manhattan('8th Ave', '10036', 40.7573, -73.9904),
  manhattan('9th Ave', '10018', 40.7557, -73.9943),
  manhattan('10th Ave', '10018', 40.756, -73.999),
  manhattan('Columbus Ave', '10023', 40.778, -73.98),
  manhattan('Amsterdam Ave', '10024', 40.78, -73.981),
  manhattan('Central Park West', '10024', 40.778, -73.974),
  manhattan('Wall St', '10005', 40.706, -74.009),
  manhattan('Fulton St', '10038', 40.71, -74.007),
  manhattan('Canal St', '10013', 40.719, -74.001),
  manhattan('Houston St', '10012', 40.725, -73.996),
  manhattan('Bleecker St', '10012', 40.729, -74.0),
  manhattan('Delancey St', '10002', 40.7185, -73.988),
  brooklyn('Atlantic Ave', '11217', 40.684, -73.977),
  brooklyn('Flatbush Ave', '11217', 40.68, -73.975),
];
