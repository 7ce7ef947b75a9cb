// Type-checks every workspace with its own tsconfig (web has DOM + JSX, core has neither).
// The projects are independent programs, each tsc on about one core: they run as many at a time as
// the machine has cores (2 on CI: 187 s one after another, about half of that side by side), the
// largest first so that the small ones fill in behind it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

// Largest first (measured: the root project checks core again through e2e/support/server.ts).
const projects = ['.', 'apps/core', 'apps/web', 'e2e', 'packages/client', 'bot', 'packages/domain'].filter((dir) =>
  existsSync(`${dir}/tsconfig.json`),
);
const slots = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS) || os.availableParallelism(), projects.length));

/** Runs tsc for one project; its output is printed in one piece when it ends, so projects do not interleave. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit', '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`typecheck failed in ${project}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
