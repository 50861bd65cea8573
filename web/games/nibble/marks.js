// @ts-check
// The marks Nibble's board can show, for its legend (board/legend.js draws them with the
// board's own classes): [swatch, key of its words].

import { cellSwatch, tableSwatch, GREY } from "../../board/legend.js";

export default () => [
  [cellSwatch("tiles", { selectable: "true", empty: "false" }, GREY), "legend.nibble.takeable"],
  [cellSwatch("tiles", { picked: "true", empty: "false" }, GREY), "legend.nibble.picked"],
  [cellSwatch("tiles", { marked: "true", empty: "true" }), "legend.nibble.last"],
  [tableSwatch("majority", "5"), "legend.nibble.majority"],
  [tableSwatch("adjacent-ok majority", "7"), "legend.nibble.adjacent"],
  [tableSwatch("run", "3"), "legend.nibble.run"],
  [tableSwatch("zero", "0"), "legend.nibble.zero"],
];
