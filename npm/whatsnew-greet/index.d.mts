// Types of whatsnew-greet for `import`: the same as for `require` (index.d.ts).
export { greet, greetSync, binaryPath, WhatsnewError, version } from "./index.js";
export type { GreetOptions, Step, Outcome, Launch, UpdateSteps, Exit, Shown } from "./index.js";
