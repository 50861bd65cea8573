"""The documentation stays honest: the README is a short front page whose pictures exist,
every relative link in README.md and docs/ leads to a file of the repository, the README's
Python examples run, and nothing points at a folder outside the repository."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_README_LINES = 250
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
# [text](target "title") and ![alt](target); the text may hold an image (nested brackets)
MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
MD_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_REF = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)=[\"']([^\"']+)[\"']", re.I)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.I)


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def prose(text: str) -> str:
    """The text without code blocks and code spans (links there are examples, not links)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def targets(text: str) -> list[str]:
    body = prose(text)
    return MD_LINK.findall(body) + MD_IMAGE.findall(body) + HTML_REF.findall(body)


def test_readme_is_a_short_front_page():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md has {len(lines)} lines (at most {MAX_README_LINES}): "
        "move the details to docs/ and link them")


def test_readme_pictures_are_pngs_under_docs_img():
    body = prose(README.read_text(encoding="utf-8"))
    images = MD_IMAGE.findall(body) + re.findall(
        r"<img\b[^>]*?\bsrc=[\"']([^\"']+)[\"']", body, re.I)
    assert images, "the README shows no picture of the games"
    for src in images:
        assert not EXTERNAL.match(src), f"{src}: the README's pictures live in the repository"
        path = (ROOT / src.split("#")[0]).resolve()
        assert path.parent == (DOCS / "img").resolve(), f"{src}: not under docs/img/"
        assert path.is_file(), f"{src}: no such file (make screenshots)"
        assert path.suffix == ".png" and path.read_bytes()[:8] == PNG_SIGNATURE, (
            f"{src}: not a PNG")


@pytest.mark.parametrize("doc", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files(doc: Path):
    broken = []
    for target in targets(doc.read_text(encoding="utf-8")):
        if EXTERNAL.match(target):
            continue  # another site, a mail address, or an anchor of this page
        path = target.split("#")[0].split("?")[0]
        if not (doc.parent / path).exists():
            broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)}: links to missing files: {broken}"


def test_the_readme_python_examples_run(capsys):
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})
    assert capsys.readouterr().out  # the examples print what they show


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs git (a subprocess)")
def test_no_tracked_file_points_outside_the_repository():
    import subprocess

    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    needle = ("../" + "shared").encode()  # spelled in two, so this file does not match
    found = []
    for name in filter(None, listing.decode().split("\0")):
        path = ROOT / name
        if path.is_file() and needle in path.read_bytes():
            found.append(name)
    assert not found, f"these tracked files point at a sibling shared folder: {found}"
