// The production install's size (scripts/production-install.mjs: npm install --omit=dev).
import fs from 'node:fs';
import path from 'node:path';
import { productionInstall } from '../../scripts/production-install.mjs';
import { owe } from './settings.mjs';

/** The production install's packages, in MB: today's, with room; above the floor it has crept. */
const INSTALL_GOAL_MB = 150;
const INSTALL_FLOOR_MB = 200;

export const install = {
  key: 'install',
  title: 'production install (scripts/production-install.mjs: npm install --omit=dev)',
  owed: [owe('production install, node_modules', INSTALL_GOAL_MB)],
  run: async (b) => {
    const target = path.join(b.work, 'production-install');
    const made = productionInstall(target, { npmArgs: ['--prefer-offline'] });
    b.add({
      name: 'production install, node_modules',
      value: made.nodeModules / 1e6,
      unit: ' MB',
      goal: INSTALL_GOAL_MB,
      floor: INSTALL_FLOOR_MB,
      higher: false,
      note:
        `${made.packages.length} packages, ${(made.total / 1e6).toFixed(1)} MB with the built ` +
        `shop; no test, bench or build tool (proof/production-install.test.ts); 511 MB before ` +
        `the server's dependencies became its bundle's externals`,
    });
    fs.rmSync(target, { recursive: true, force: true });
  },
};
