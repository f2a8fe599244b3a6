#!/usr/bin/env node
// Some npm mirrors carry only a few platforms of a package's native binaries
// (@swc/core-*, @unrs/resolver-binding-*). `npm install` then leaves the other
// platforms out of package-lock.json, and `npm ci` refuses the lock as out of
// sync. This adds the missing optional platform entries, with the os/cpu/libc
// read from the package name, so npm ci skips them on other platforms and
// fetches them from the real registry on the platform that needs them.
// Run after `npm install` changes the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

/** os/cpu/libc from a name such as `@swc/core-linux-arm-gnueabihf` or `…-win32-x64-msvc`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((part) => OS.includes(part));
  if (osIndex < 0) return undefined;
  const cpu = CPU[parts[osIndex + 1]];
  if (!cpu) return undefined;
  const abi = parts.slice(osIndex + 2).join('-');
  const libc = abi.startsWith('musl') ? ['musl'] : abi.startsWith('gnu') ? ['glibc'] : undefined;
  return { os: [parts[osIndex]], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/${key}`]) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(`skipped ${name}: no platform in its name`);
      continue;
    }
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
