"""Links and library files as a test writes them: the version 2 link's payload read and
written in Python (deflate-raw, base64url: web/session/link-codec.js), genuine records
from the engine, and a look at the library a page keeps."""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any


def pack(payload: Any) -> str:
    """The fragment's value of a version 2 link holding `payload` (any JSON, or text)."""
    text = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
    return pack_bytes(text.encode())


def pack_bytes(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unpack(link: str) -> dict:
    """The payload of a version 2 link (a whole URL or its `#g=` value)."""
    value = link.split("#g=", 1)[-1]
    raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    return json.loads(zlib.decompress(raw, -15))


def with_payload(link: str, payload: dict) -> str:
    """`link` with another payload (the page's URL kept)."""
    return link.split("#", 1)[0] + "#g=" + pack(payload)


def played(game: str, options: dict, moves: int, seed: int = 0) -> dict:
    """The bridge's answer ({record, view}) after up to `moves` random legal moves."""
    from nibble.api import handle

    answer = handle({"op": "new", "game": game, "options": options})
    rng = random.Random(seed)
    while len(answer["record"]["moves"]) < moves and not answer["view"]["result"]:
        move = rng.choice(answer["view"]["legal_moves"])
        answer = handle({"op": "play", "record": answer["record"], "move": move})
    return answer


def stored_games(page) -> dict[str, Any]:
    """Every stored game entry of the page's library, by key, as stored (text)."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.includes(':game:')).map(k => [k, localStorage.getItem(k)]))""")


FILL_STORAGE = """() => {
  // fill localStorage up to the browser's quota, to the last character (a new key costs
  // its name too: the last one grows instead); the number of keys written
  let n = 0;
  for (const size of [262144, 16384, 1024, 64]) {
    const chunk = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem('junk:' + n, chunk); n++; } catch { break; }
    }
  }
  let last = 'x';
  try { localStorage.setItem('junk:' + n, last); } catch { return n; }
  for (const size of [64, 8, 1]) {
    for (;;) {
      try {
        localStorage.setItem('junk:' + n, last + 'x'.repeat(size));
        last += 'x'.repeat(size);
      } catch { break; }
    }
  }
  return n + 1;
}"""

FREE_STORAGE = """() => {
  for (const k of Object.keys(localStorage)) if (k.startsWith('junk:')) localStorage.removeItem(k);
}"""
