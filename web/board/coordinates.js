// @ts-check
// The board's coordinates, as the board draws them along its edges: a letter per column
// (from the left, "a" first) and a number per row (from 1). Every game names its cells so
// today ("a1"); link-codec.js leaves such names out of a link's picture.
// No DOM here (tests run it in Node).

export const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The name of the cell at `row`, `col` (both from 0). */
export function coordinateName(row, col) {
  return `${LETTERS[col]}${row + 1}`;
}
