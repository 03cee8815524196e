// Types of whatsnew-greet for `import`: the same as for `require` (index.d.ts).
export { greet, greetSync, record, recordSync, setTip, setTipSync, binaryPath, WhatsnewError, RecordError, version } from "./index.js";
export type {
  GreetOptions,
  RecordOptions,
  SetTipOptions,
  Step,
  Outcome,
  Launch,
  Tip,
  UpdateSteps,
  Exit,
  Shown,
  Color,
  Hyperlinks,
  Importance,
  InstallMethod,
  Theme,
  UpgradeCommandKey,
} from "./index.js";
