import type { Location } from '@coride/domain';

/** Named places of the demo city the offline geocoder knows (New York, the default map centre). */
export const namedPlaces: Location[] = [
  { address: 'Empire State Building, 350 5th Ave, New York, NY 10118', lat: 40.7484, lng: -73.9857 },
  { address: 'Times Square, New York, NY 10036', lat: 40.758, lng: -73.9855 },
  { address: 'Grand Central Terminal, 89 E 42nd St, New York, NY 10017', lat: 40.7527, lng: -73.9772 },
  { address: 'Penn Station, New York, NY 10001', lat: 40.7506, lng: -73.9935 },
  { address: 'Central Park, New York, NY 10024', lat: 40.7812, lng: -73.9665 },
  { address: 'Rockefeller Center, 45 Rockefeller Plaza, New York, NY 10111', lat: 40.7587, lng: -73.9787 },
  { address: 'Wall Street, New York, NY 10005', lat: 40.7061, lng: -74.0092 },
  { address: 'Brooklyn Bridge, New York, NY 10038', lat: 40.7061, lng: -73.9969 },
  { address: 'One World Trade Center, 285 Fulton St, New York, NY 10007', lat: 40.7127, lng: -74.0134 },
  { address: 'Columbia University, 116th St & Broadway, New York, NY 10027', lat: 40.8075, lng: -73.9626 },
  { address: 'Metropolitan Museum of Art, 1000 5th Ave, New York, NY 10028', lat: 40.7794, lng: -73.9632 },
  { address: 'Union Square, New York, NY 10003', lat: 40.7359, lng: -73.9911 },
  { address: 'Washington Square Park, New York, NY 10012', lat: 40.7308, lng: -73.9973 },
  { address: 'Chelsea Market, 75 9th Ave, New York, NY 10011', lat: 40.7424, lng: -74.0061 },
  { address: 'Harlem, 125th St, New York, NY 10027', lat: 40.8089, lng: -73.9482 },
  { address: 'Lincoln Center, New York, NY 10023', lat: 40.7725, lng: -73.9835 },
  { address: 'Hudson Yards, New York, NY 10001', lat: 40.7536, lng: -74.0008 },
  { address: 'Barclays Center, 620 Atlantic Ave, Brooklyn, NY 11217', lat: 40.6826, lng: -73.9754 },
  { address: 'Yankee Stadium, 1 E 161st St, Bronx, NY 10451', lat: 40.8296, lng: -73.9262 },
  { address: 'LaGuardia Airport, Queens, NY 11371', lat: 40.7769, lng: -73.874 },
  { address: 'JFK Airport, Queens, NY 11430', lat: 40.6413, lng: -73.7781 },
];
