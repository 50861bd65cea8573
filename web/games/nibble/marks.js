// @ts-check
// The marks Nibble's board can show, for its legend (board/legend.js draws them with the
// board's own classes): [swatch, key of its words].

import { h } from "../../ui/dom.js";
import { cellSwatch, GREY } from "../../board/legend.js";

// A number of the colour table with one of its classes (majority, run, …), as the side
// panel draws it.
function tableSwatch(cls, text) {
  return h("table", { class: "color-table legend-table", role: "presentation" }, h("tbody", {}, h("tr", {}, h("td", { class: cls }, text))));
}

export default () => [
  [cellSwatch("tiles", { selectable: "true", empty: "false" }, GREY), "legend.nibble.takeable"],
  [cellSwatch("tiles", { picked: "true", empty: "false" }, GREY), "legend.nibble.picked"],
  [cellSwatch("tiles", { marked: "true", empty: "true" }), "legend.nibble.last"],
  [tableSwatch("majority", "5"), "legend.nibble.majority"],
  [tableSwatch("adjacent-ok majority", "7"), "legend.nibble.adjacent"],
  [tableSwatch("run", "3"), "legend.nibble.run"],
  [tableSwatch("zero", "0"), "legend.nibble.zero"],
];
