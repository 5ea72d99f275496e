/**
 * Fleet simulator: `npm run simulate -- [--url http://localhost:5000] [--drivers 8] [--riders 1] [--speed 30] [--password …]`.
 * Signs in the demo world's drivers (and riders) and drives them through the public HTTP and
 * WebSocket API exactly as real clients do. Stop with Ctrl+C. The demo password is the one the server
 * made in its data folder (DATA_DIR/demo-password, read here from the same DATA_DIR); `--password`
 * gives it for a server whose data folder is elsewhere.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DEMO_DRIVER_COUNT, demoAccounts, demoPasswordPath, readDemoPassword } from '../demo/seed';
import { namedPlaces } from '../modules/geo/places';
import { startFleet } from '../simulator/fleet';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:5000' },
    drivers: { type: 'string', default: String(DEMO_DRIVER_COUNT) },
    riders: { type: 'string', default: '0' },
    speed: { type: 'string', default: '30' },
    password: { type: 'string' },
  },
});

function dataFolderPassword(): string {
  const { dataDir } = loadConfig();
  const found = readDemoPassword(dataDir);
  if (found) return found;
  process.stderr.write(`No demo password: ${demoPasswordPath(dataDir)} does not exist. Start the server with the demo world first, or pass --password.\n`);
  process.exit(1);
}
const password = values.password ?? dataFolderPassword();

const driverCount = Math.min(Number(values.drivers), DEMO_DRIVER_COUNT);
const fleet = await startFleet({
  baseUrl: values.url,
  drivers: Array.from({ length: driverCount }, (_, i) => ({ email: demoAccounts.driver(i + 1), password })),
  riders: Number(values.riders) > 0 ? [{ email: demoAccounts.rider, password }] : [],
  places: namedPlaces.filter((p) => p.lat > 40.74 && p.lat < 40.77),
  speedMph: Number(values.speed),
  log: (line) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
});
process.stdout.write(`Simulating ${fleet.drivers.length} drivers and ${fleet.riders.length} riders against ${values.url}. Ctrl+C stops.\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fleet.stop().then(() => process.exit(0)));
}
