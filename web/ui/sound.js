// @ts-check
// A short sound when the opponent moves (the computer, or a friend's move arriving by
// link): Settings, off by default. Made with Web Audio (no file to fetch). Browsers refuse
// sound before the player does something, so the audio is only started by a gesture of
// theirs (the first click or key after the sound is switched on), never at load.
//
// Hook: html[data-sounds] counts the sounds played (for tests; nothing reads it).

const html = document.documentElement;
let context = null;

function wanted() {
  return html.dataset.sound === "on";
}

/** Start the audio (from a gesture of the player's: switching the sound on is one). */
export function allowSound() {
  if (!wanted()) return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") context.resume().catch(() => {});
  } catch {
    context = null; // no Web Audio here: the page stays silent
  }
}

export function initSound() {
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, allowSound, { capture: true, passive: true });
}

/** A soft falling tick, 150 ms; nothing when the sound is off or not yet allowed. */
export function moveSound() {
  if (!wanted() || !context || context.state !== "running") return false;
  const now = context.currentTime;
  const tone = context.createOscillator();
  const gain = context.createGain();
  tone.type = "triangle";
  tone.frequency.setValueAtTime(880, now);
  tone.frequency.exponentialRampToValueAtTime(440, now + 0.12);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.12, now + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.15);
  tone.connect(gain).connect(context.destination);
  tone.start(now);
  tone.stop(now + 0.16);
  html.dataset.sounds = String(Number(html.dataset.sounds || 0) + 1);
  return true;
}
