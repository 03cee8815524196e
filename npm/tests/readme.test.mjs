// docs/greet.md's Node example is Examples/node's code, word for word.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

import { ROOT } from "./helpers.mjs";

test("docs/greet.md shows the example tool", () => {
  const readme = fs.readFileSync(path.join(ROOT, "docs", "greet.md"), "utf8");
  const example = fs.readFileSync(path.join(ROOT, "Examples", "node", "greeted.js"), "utf8");
  const code = example.slice(example.indexOf("import "));
  assert.ok(readme.includes("```js\n" + code + "```\n"), "docs/greet.md does not show Examples/node/greeted.js");
});
