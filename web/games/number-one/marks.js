// @ts-check
// The marks Number One's board can show, for its legend (board/legend.js draws them with the
// board's own classes): [swatch, key of its words].

import { cellSwatch, overlaySwatch, PEG } from "../../board/legend.js";

export default () => [
  [cellSwatch("holes", { selectable: "true", empty: "false", under: "hole" }, { ...PEG, r: 0.72 }), "legend.number-one.peg"],
  [cellSwatch("holes", { selectable: "true", empty: "true", under: "token", target: "token" }), "legend.number-one.token"],
  [cellSwatch("holes", { selectable: "true", empty: "true", under: "hole", target: "empty" }), "legend.number-one.empty"],
  [cellSwatch("holes", { empty: "false", under: "hole" }, { ...PEG, r: 0.72, turned: true, tone: "turned" }), "legend.number-one.turned"],
  [overlaySwatch("holes", "path"), "legend.number-one.path"],
  [overlaySwatch("holes", "remove"), "legend.number-one.remove"],
  [cellSwatch("holes", { marked: "true", empty: "true", under: "hole" }), "legend.number-one.last"],
  [overlaySwatch("holes", "path", "last"), "legend.number-one.last-turn"],
];
