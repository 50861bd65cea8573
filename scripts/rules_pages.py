#!/usr/bin/env python3
"""The rules pages: ``docs/rules/<game>.md`` (English), ``docs/rules/ko/<game>.md`` and
``docs/rules/uk/<game>.md`` become ``dist/rules/<lang>/<game>.json``, which the page's
Rules dialog draws (``web/panels/rules.js``). Standard library and the engine only.

    python scripts/rules_pages.py [--check] [--out DIR]

The Markdown subset (all the pages use): ``#``–``####`` headings, paragraphs, ``-`` and
``1.`` lists (nested by indentation), pipe tables, fenced code, and inline ``**strong**``,
``*emphasis*``, ```code``` and ``[links](url)``. ``<!-- id: name -->`` on the line before a
heading names that section (invisible on GitHub); every page has the sections ``marks``
(what the marks on the board mean) and ``exact`` (the binding rules, folded in the page).

The output holds no HTML: blocks and inline runs are JSON that the page turns into DOM
nodes with ``textContent``, so nothing in a rules file can inject markup.

A fenced block ```` ```diagram ```` is a small board drawn from a real engine position
(docs/web.md, "Rules pages"): ``key: value`` lines, a value continued on indented lines::

    id: split                 name, the same in every language (required)
    options: variant=square9  game options, key=value (a seed when there is no setup)
    setup: square9 123456789  a position in the game's notation: on one line, or its
      .........               head and tail on this line and the rows below, one per
      ...                     line (spaces inside a row are ignored)
    moves: a1 c3+e3           moves played from there (the last one is marked)
    pick: d5                  cells clicked, in order, as a player would pick them
    offer: all | c1 d4        rings on the cells a click may pick now (all, or these)
    show: xc3:d4              legal moves drawn as the page draws a pending move
    no: e5                    cells crossed out: the build checks nothing picks them now
    legal: swap               moves the build checks are legal (nothing drawn)
    illegal: e5               moves the build checks are not legal (nothing drawn)
    panel: colors             (Nibble) the colour table under the board
    board: no                 leave the board out (with a panel)
    caption: text             what the diagram shows, in the page's language

Each diagram is loaded with ``nibble.api.handle`` when the site is built: a position or
a move the engine refuses, a mark that says something untrue (a ring on a cell nothing
picks, a cross on one that can be picked), or a Korean or Ukrainian diagram that differs
from the English one in anything but its caption stops the build.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from nibble.api import handle  # noqa: E402
from nibble.games import GAMES as REGISTERED  # noqa: E402

#: every game the engine registers has its rules pages (docs/rules/<id>.md and translations)
GAMES = tuple(REGISTERED)
LANGS = ("en", "ko", "uk")
REQUIRED_SECTIONS = ("marks", "exact")
FORMAT = "nibble-rules/1"

DIAGRAM_KEYS = ("id", "options", "setup", "moves", "pick", "offer", "show", "no", "legal",
                "illegal", "panel", "board", "caption")


class RulesError(Exception):
    """A rules page that cannot be built, with the file and line to fix."""


def source(lang: str, game: str) -> Path:
    base = ROOT / "docs" / "rules"
    return base / f"{game}.md" if lang == "en" else base / lang / f"{game}.md"


# --- inline ---------------------------------------------------------------------------------

_INLINE = re.compile(
    r"(?P<code>`+)(?P<codetext>.+?)(?P=code)"
    r"|\*\*(?P<strong>.+?)\*\*"
    r"|\*(?P<em>[^*\s](?:[^*]*[^*\s])?)\*"
    r"|\[(?P<ltext>[^\]]+)\]\((?P<href>[^)\s]+)\)"
    r"|\\(?P<esc>[\\`*_\[\]()#+\-.!|{}<>])"
)


def inline(text: str) -> list:
    """Inline runs: a string, or ["strong"|"em", runs], ["code", text], ["a", href, runs]."""
    out: list = []

    def add(node) -> None:
        if isinstance(node, str) and out and isinstance(out[-1], str):
            out[-1] += node
        elif node != "":
            out.append(node)

    pos = 0
    for m in _INLINE.finditer(text):
        add(text[pos:m.start()])
        if m.group("code"):
            add(["code", m.group("codetext").strip() if m.group("code") != "`" else
                 m.group("codetext")])
        elif m.group("strong") is not None:
            add(["strong", inline(m.group("strong"))])
        elif m.group("em") is not None:
            add(["em", inline(m.group("em"))])
        elif m.group("ltext") is not None:
            href = m.group("href")
            if re.match(r"https?://", href):
                add(["a", href, inline(m.group("ltext"))])
            else:  # a link inside the repository means nothing on the page: its text
                for node in inline(m.group("ltext")):
                    add(node)
        else:
            add(m.group("esc"))
        pos = m.end()
    add(text[pos:])
    return out


def plain(runs: list) -> str:
    """The text of inline runs, without markup."""
    parts = []
    for node in runs:
        if isinstance(node, str):
            parts.append(node)
        elif node[0] == "code":
            parts.append(node[1])
        else:
            parts.append(plain(node[-1]))
    return "".join(parts)


# --- blocks ---------------------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,4})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*]|\d+[.)])\s+(.*)$")
_FENCE = re.compile(r"^(\s*)(```+)\s*([\w-]*)\s*$")
_ID_COMMENT = re.compile(r"^<!--\s*id:\s*([a-z][a-z0-9-]*)\s*-->\s*$")
_COMMENT = re.compile(r"^<!--.*-->\s*$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]


class Parser:
    """Markdown lines (with their line numbers) to blocks."""

    def __init__(self, path: Path, on_diagram):
        self.path = path
        self.on_diagram = on_diagram
        self.ids: set[str] = set()
        self.count = 0

    def error(self, line: int, message: str) -> RulesError:
        return RulesError(f"{self.path.relative_to(ROOT)}:{line}: {message}")

    def blocks(self, lines: list[tuple[int, str]]) -> list[dict]:
        out: list[dict] = []
        i = 0
        pending_id = None
        while i < len(lines):
            no, line = lines[i]
            stripped = line.strip()
            if not stripped:
                i += 1
                continue
            if m := _ID_COMMENT.match(stripped):
                pending_id = m.group(1)
                i += 1
                continue
            if _COMMENT.match(stripped):
                i += 1
                continue
            if m := _FENCE.match(line):
                fence, lang = m.group(2), m.group(3)
                body = []
                i += 1
                while i < len(lines) and lines[i][1].strip() != fence:
                    body.append(lines[i])
                    i += 1
                if i == len(lines):
                    raise self.error(no, "a fenced block is not closed")
                i += 1
                if lang == "diagram":
                    out.append(self.on_diagram(body, no))
                else:
                    base = min((_indent(t) for _, t in body if t.strip()), default=0)
                    out.append({"type": "code", "text": "\n".join(t[base:] for _, t in body)})
                continue
            if m := _HEADING.match(line):
                level = len(m.group(1))
                hid = pending_id or f"s{self.count + 1}"
                pending_id = None
                if hid in self.ids:
                    raise self.error(no, f"the section id {hid!r} is used twice")
                self.ids.add(hid)
                self.count += 1
                out.append({"type": "heading", "level": level, "id": hid,
                            "content": inline(m.group(2))})
                i += 1
                continue
            if pending_id:
                raise self.error(no, "an <!-- id: --> comment must stand before a heading")
            if stripped.startswith("|") and i + 1 < len(lines) and _TABLE_SEP.match(
                    lines[i + 1][1]):
                head = _cells(line)
                rows = []
                i += 2
                while i < len(lines) and lines[i][1].strip().startswith("|"):
                    cells = _cells(lines[i][1])
                    if len(cells) != len(head):
                        raise self.error(lines[i][0], f"this table row has {len(cells)} cells, "
                                                      f"the header {len(head)}")
                    rows.append([inline(c) for c in cells])
                    i += 1
                out.append({"type": "table", "head": [inline(c) for c in head], "rows": rows})
                continue
            if m := _ITEM.match(line):
                i = self._list(lines, i, out)
                continue
            # a paragraph: up to a blank line or the start of another block
            text = [stripped]
            i += 1
            while i < len(lines):
                nxt = lines[i][1]
                if (not nxt.strip() or _HEADING.match(nxt) or _FENCE.match(nxt)
                        or _ITEM.match(nxt) or nxt.strip().startswith("|")
                        or _COMMENT.match(nxt.strip())):
                    break
                text.append(nxt.strip())
                i += 1
            out.append({"type": "paragraph", "content": inline(" ".join(text))})
        if pending_id:
            raise self.error(lines[-1][0], "an <!-- id: --> comment must stand before a heading")
        return out

    def _list(self, lines, i, out) -> int:
        no, line = lines[i]
        m = _ITEM.match(line)
        base = len(m.group(1))
        ordered = m.group(2)[0].isdigit()
        start = int(m.group(2)[:-1]) if ordered else 1
        items = []
        while i < len(lines):
            no, line = lines[i]
            m = _ITEM.match(line)
            if not m or len(m.group(1)) != base or m.group(2)[0].isdigit() != ordered:
                break
            width = len(m.group(1)) + len(m.group(2)) + 1
            body = [(no, " " * width + m.group(3))]
            i += 1
            while i < len(lines):
                nxt = lines[i][1]
                if not nxt.strip():
                    # a blank line continues the item only when indented text follows
                    j = i + 1
                    while j < len(lines) and not lines[j][1].strip():
                        j += 1
                    if j < len(lines) and _indent(lines[j][1]) > base:
                        body.extend(lines[i:j])
                        i = j
                        continue
                    break
                if _indent(nxt) <= base and (_ITEM.match(nxt) or _HEADING.match(nxt)
                                             or _FENCE.match(nxt)):
                    break
                if _indent(nxt) <= base and not body[-1][1].strip():
                    break
                body.append(lines[i])
                i += 1
            inner = [(n, t[width:] if _indent(t) >= width else t.lstrip()) for n, t in body]
            items.append(self.blocks(inner))
        out.append({"type": "list", "ordered": ordered, "start": start, "items": items})
        return i


# --- diagrams -------------------------------------------------------------------------------


def _diagram_fields(body: list[tuple[int, str]], error) -> dict[str, tuple[int, str, list[str]]]:
    """key -> (line, value on the key's line, continuation lines)."""
    fields: dict[str, tuple[int, str, list[str]]] = {}
    key = None
    for no, line in body:
        if not line.strip():
            continue
        m = re.match(r"^([a-z]+):\s?(.*)$", line)
        if m and _indent(line) == 0:
            key = m.group(1)
            if key not in DIAGRAM_KEYS:
                raise error(no, f"unknown diagram field {key!r} (known: {', '.join(DIAGRAM_KEYS)})")
            if key in fields:
                raise error(no, f"the diagram field {key!r} is given twice")
            fields[key] = (no, m.group(2).strip(), [])
        elif key is not None and _indent(line) > 0:
            fields[key][2].append(line.strip())
        else:
            raise error(no, "a diagram line is 'field: value' or an indented continuation")
    return fields


def _value(field) -> str:
    _, first, more = field
    return " ".join([first, *more]).strip()


def _setup(field) -> str:
    """A position on one line, or its head and tail on the first line and its rows below."""
    _, first, more = field
    if not more:
        return first
    head, _, tail = first.partition(" ")
    rows = ["".join(r.split()) for r in more]
    return f"{head}:{'/'.join(rows)}" + (f" {tail.strip()}" if tail.strip() else "")


def _option_value(text: str):
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return {"true": True, "false": False}.get(text, text)


def parse_diagram(body, line, error) -> dict:
    """The diagram's definition, as written (before the engine sees it)."""
    fields = _diagram_fields(body, error)
    if "id" not in fields:
        raise error(line, "a diagram needs an id")
    spec: dict = {"line": line, "id": _value(fields["id"])}
    options = {}
    for part in _value(fields.get("options", (0, "", []))).split():
        name, eq, value = part.partition("=")
        if not eq:
            raise error(fields["options"][0], f"an option is name=value, not {part!r}")
        options[name] = _option_value(value)
    spec["options"] = options
    spec["setup"] = _setup(fields["setup"]) if "setup" in fields else None
    for key in ("moves", "pick", "show", "no", "legal", "illegal"):
        spec[key] = _value(fields[key]).split() if key in fields else []
    offer = _value(fields["offer"]).split() if "offer" in fields else []
    spec["offer"] = "all" if offer == ["all"] else offer
    spec["panel"] = _value(fields["panel"]) if "panel" in fields else None
    if spec["panel"] not in (None, "colors"):
        raise error(fields["panel"][0], "the only panel is 'colors'")
    board = _value(fields["board"]) if "board" in fields else "yes"
    if board not in ("yes", "no"):
        raise error(fields["board"][0], "board is yes or no")
    spec["board"] = board == "yes"
    if not spec["board"] and not spec["panel"]:
        raise error(line, "a diagram without a board needs a panel")
    spec["caption"] = _value(fields["caption"]) if "caption" in fields else ""
    if not spec["caption"]:
        raise error(line, "a diagram needs a caption")
    spec["fields"] = {k: _value(v) if k != "setup" else _setup(v)
                      for k, v in fields.items() if k != "caption"}
    return spec


def _selection(view: dict, pick: list[str], error, line) -> tuple[set, dict, list]:
    """As the page's pickers do (web/board/pick.js): the cells a click may pick after `pick`, the
    landing of each ("token" | "empty") where that click ends the move (web/view/render.js,
    targetsOf), and the legal moves the pick still leads to."""
    kind = view["input"]["kind"]
    if kind == "set":
        sep = view["input"].get("separator", "+")
        moves = [set(m.split(sep)) for m in view["legal_moves"]]
        for n in range(len(pick) + 1):
            done = pick[:n]
            matching = [m for m in moves if len(m) > len(done) and all(c in m for c in done)]
            offer = set().union(*matching) - set(done) if matching else set()
            if n < len(pick) and pick[n] not in offer:
                raise error(line, f"{pick[n]} cannot be picked after {' '.join(done) or 'nothing'}")
        return offer, {}, matching
    entries = view["input"]["moves"]
    for n in range(len(pick) + 1):
        done = pick[:n]
        matching = [m for m in entries
                    if len(m["steps"]) >= n and all(done[k] in m["steps"][k] for k in range(n))]
        offer, targets = set(), {}
        for m in matching:
            if len(m["steps"]) > n:
                offer.update(m["steps"][n])
                landing = (m.get("show") or {}).get("landing")
                if landing and len(m["steps"]) == n + 1:
                    targets.update({c: landing for c in m["steps"][n]})
        if n < len(pick) and pick[n] not in offer:
            raise error(line, f"{pick[n]} cannot be picked after {' '.join(done) or 'nothing'}")
    return offer, targets, matching


def resolve_diagram(game: str, spec: dict, error) -> dict:
    """Ask the engine for the diagram's position and check every mark against it."""
    line = spec["line"]
    record = {"format": "nibble-record/1", "game": game, "options": dict(spec["options"]),
              "moves": spec["moves"]}
    if spec["setup"] is not None:
        record["setup"] = spec["setup"]
    elif "seed" not in record["options"]:
        record["options"]["seed"] = 0
    answer = handle({"op": "load", "record": record})
    if "error" in answer:
        message = answer["error"]["message"]
        raise error(line, f"the engine refuses diagram {spec['id']!r}: {message}")
    view, record = answer["view"], answer["record"]
    cells = {c["id"]: c for c in view["board"]["cells"]}

    def known(ids):
        for cell in ids:
            if cell not in cells:
                raise error(line, f"{cell} is not a cell of this board")

    legal = set(view["legal_moves"])
    for move in spec["legal"]:
        if move not in legal:
            raise error(line, f"{move} is not a legal move here (diagram {spec['id']!r})")
    for move in spec["illegal"]:
        if move in legal:
            raise error(line, f"{move} is a legal move here (diagram {spec['id']!r})")

    known(spec["pick"])
    offer, targets, _ = _selection(view, spec["pick"], error, line)
    if spec["offer"] == "all":
        rings = sorted(offer, key=list(cells).index)
    else:
        known(spec["offer"])
        for cell in spec["offer"]:
            if cell not in offer:
                raise error(line, f"a ring on {cell} says it can be picked now, and it cannot")
        rings = spec["offer"]
    known(spec["no"])
    for cell in spec["no"]:
        if cell in offer:
            raise error(line, f"a cross on {cell} says it cannot be picked now, and it can")

    picked = list(spec["pick"])
    overlays = []
    steps = {m["move"]: m for m in view["input"].get("moves", [])}
    for move in spec["show"]:
        if move not in legal:
            raise error(line, f"{move} is not a legal move here (diagram {spec['id']!r})")
        if view["input"]["kind"] == "set":
            picked.extend(c for c in move.split(view["input"]["separator"]) if c not in picked)
            continue
        show = (steps.get(move) or {}).get("show") or {}
        if show.get("area"):
            overlays.append({"kind": "area", "cells": show["area"]})
        if show.get("walls"):
            overlays.append({"kind": "walls", "cells": show["walls"]})
        if show.get("path"):
            overlays.append({"kind": "path", "cells": show["path"], "tone": show.get("landing")})
        if show.get("remove"):
            overlays.append({"kind": "remove", "cells": [show["remove"]]})
        if not show:
            raise error(line, f"{move} has nothing to draw; name it under 'legal' instead")

    shown = {k: v for k, v in view.items() if k not in ("legal_moves", "input", "position")}
    return {
        "type": "diagram",
        "id": spec["id"],
        "record": record,
        "view": shown,
        "marks": {
            "selectable": rings,
            "targets": {c: targets[c] for c in rings if c in targets},
            "picked": picked,
            "crossed": spec["no"],
            "overlays": overlays,
        },
        "panel": spec["panel"],
        "board": spec["board"],
        "caption": inline(spec["caption"]),
    }


# --- pages ----------------------------------------------------------------------------------


def build_page(lang: str, game: str, reference: dict | None = None,
               text: str | None = None) -> dict:
    """The page of one game in one language. ``reference``: the English diagrams by id,
    which a translation must draw exactly (only captions differ). ``text``: the Markdown,
    if not the file's (tests)."""
    path = source(lang, game)
    if text is None:
        if not path.is_file():
            raise RulesError(f"{path.relative_to(ROOT)}: missing")
        text = path.read_text(encoding="utf-8")
    lines = list(enumerate(text.splitlines(), start=1))
    specs: list[dict] = []

    def on_diagram(body, no):
        spec = parse_diagram(body, no, parser.error)
        if any(s["id"] == spec["id"] for s in specs):
            raise parser.error(no, f"the diagram id {spec['id']!r} is used twice")
        if reference is not None:
            ref = reference.get(spec["id"])
            if ref is None:
                raise parser.error(no, f"diagram {spec['id']!r} is not in the English page")
            if ref["fields"] != spec["fields"]:
                diff = sorted(k for k in set(ref["fields"]) | set(spec["fields"])
                              if ref["fields"].get(k) != spec["fields"].get(k))
                raise parser.error(no, f"diagram {spec['id']!r} differs from the English one "
                                       f"in {', '.join(diff)} (only the caption may differ)")
        specs.append(spec)
        return resolve_diagram(game, spec, parser.error)

    parser = Parser(path, on_diagram)
    blocks = parser.blocks(lines)
    if not blocks or blocks[0]["type"] != "heading" or blocks[0]["level"] != 1:
        raise RulesError(f"{path.relative_to(ROOT)}:1: a rules page starts with a '# ' title")
    title = plain(blocks.pop(0)["content"])
    if any(b["type"] == "heading" and b["level"] == 1 for b in blocks):
        raise RulesError(f"{path.relative_to(ROOT)}: one '# ' title only")
    for section in REQUIRED_SECTIONS:
        if section not in parser.ids:
            raise RulesError(f"{path.relative_to(ROOT)}: no section <!-- id: {section} -->")
    if reference is not None:
        missing = sorted(set(reference) - {s["id"] for s in specs})
        if missing:
            raise RulesError(f"{path.relative_to(ROOT)}: diagrams of the English page missing: "
                             f"{', '.join(missing)}")
    return {"format": FORMAT, "game": game, "lang": lang, "title": title, "blocks": blocks,
            "diagrams": [s["id"] for s in specs], "_specs": {s["id"]: s for s in specs}}


def build_all() -> dict[tuple[str, str], dict]:
    """Every page, (lang, game) -> page."""
    pages = {}
    for game in GAMES:
        english = build_page("en", game)
        pages[("en", game)] = english
        for lang in LANGS[1:]:
            pages[(lang, game)] = build_page(lang, game, english["_specs"])
    return pages


def write_rules(out: Path) -> list[Path]:
    """dist/rules/<lang>/<game>.json for every game and language; returns the files."""
    written = []
    for (lang, game), page in build_all().items():
        page = {k: v for k, v in page.items() if not k.startswith("_")}
        dst = out / "rules" / lang / f"{game}.json"
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(json.dumps(page, ensure_ascii=False, separators=(",", ":")) + "\n",
                       encoding="utf-8")
        written.append(dst)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write <out>/rules/<lang>/<game>.json")
    args = parser.parse_args(argv)
    try:
        if args.out:
            for path in write_rules(args.out):
                print(path)
        else:
            for (lang, game), page in build_all().items():
                print(f"{lang}/{game}: {len(page['blocks'])} blocks, "
                      f"{len(page['diagrams'])} diagrams")
    except RulesError as e:
        print(f"rules: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
