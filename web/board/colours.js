// @ts-check
// Colour helpers shared by the game modules: WCAG 2 relative luminance and contrast, and
// the ink (dark or light) for a number drawn on a coloured disc. scripts/palette_check.py
// makes the same choice (best_ink) when it prints the figures.

export const DARK_INK = "#111111";
export const LIGHT_INK = "#ffffff";

export function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// dark or light, whichever contrasts more with `fill` (so at least 4.5:1 on any colour)
export function inkFor(fill) {
  return contrast(fill, DARK_INK) >= contrast(fill, LIGHT_INK) ? DARK_INK : LIGHT_INK;
}
