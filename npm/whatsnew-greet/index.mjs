// whatsnew-greet for `import`: the same API as index.js (`require`), which it re-exports.
import whatsnewGreet from "./index.js";

export const { greet, greetSync, record, recordSync, setTip, setTipSync, binaryPath, WhatsnewError, RecordError, version } = whatsnewGreet;
