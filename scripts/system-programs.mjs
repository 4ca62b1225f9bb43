// The system programs the tests run, and how a missing one is brought in: as root on Debian it is
// installed with apt (one `apt-get update`, one install of everything missing); anywhere else the
// run stops at once with the command to type, rather than failing later inside a test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each program: the file the tests start, and the Debian package that provides it. */
export const SYSTEM_PROGRAMS = [
  { name: 'Chromium (browser tests)', file: '/usr/bin/chromium', apt: 'chromium' },
  { name: 'ffmpeg (video swaps)', file: '/usr/bin/ffmpeg', apt: 'ffmpeg' },
];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The install command for `packages`, as the person running the tests would type it. */
function installCommand(packages, asRoot) {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/**
 * Makes sure every program in `programs` is there. Returns true when all are (installed now or
 * before); prints the command to run and returns false when one is missing and cannot be installed.
 */
export function ensureSystemPrograms(programs = SYSTEM_PROGRAMS) {
  const root = isRoot();
  const missing = programs.filter((p) => !existsSync(p.file));
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.map((p) => p.apt))];
  const names = missing.map((p) => p.name).join(', ');
  const canApt = root && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.log(`Missing: ${names}. Install with:\n  ${installCommand(packages, root)}`);
    return false;
  }
  console.log(`Installing ${names} with apt: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0
    ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env })
    : update;
  const still = programs.filter((p) => !existsSync(p.file));
  if (install.status !== 0 || still.length > 0) {
    console.log(`Could not install ${still.map((p) => p.name).join(', ') || names}. Try:\n  ${installCommand(packages, root)}`);
    return false;
  }
  return true;
}
