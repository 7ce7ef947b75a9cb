// Type-checks every workspace with its own tsconfig (web has DOM + JSX, core has neither).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['.', 'packages/domain', 'packages/client', 'apps/core', 'bot', 'apps/web', 'e2e'].filter((dir) =>
  existsSync(`${dir}/tsconfig.json`),
);
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
