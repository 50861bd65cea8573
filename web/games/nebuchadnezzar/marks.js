// @ts-check
// The marks Nebuchadnezzar's board can show, for its legend (board/legend.js draws them with the
// board's own classes): [swatch, key of its words].

import { cellSwatch, overlaySwatch } from "../../board/legend.js";

export default () => [
  [cellSwatch("points", { selectable: "true", empty: "true" }), "legend.nebuchadnezzar.place"],
  [cellSwatch("points", { selectable: "true", empty: "false" }, { fill: "#f5f4ef", ink: "#1b1c20", r: 0.88, tone: "w" }), "legend.nebuchadnezzar.capture"],
  [overlaySwatch("points", "area"), "legend.nebuchadnezzar.area"],
  [overlaySwatch("points", "walls"), "legend.nebuchadnezzar.walls"],
  [overlaySwatch("points", "area", "hint"), "legend.nebuchadnezzar.hint"],
  [cellSwatch("points", { marked: "true", empty: "false" }, { fill: "#1b1c20", ink: "#f5f4ef", r: 0.88, tone: "b" }), "legend.nebuchadnezzar.last"],
];
