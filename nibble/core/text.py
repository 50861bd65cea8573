"""Echoing what a request carried, safely: short, and always encodable as UTF-8.

Messages quote the player's input ("Cannot read the move 'zz9'"), but input can be a
megabyte long or hold lone UTF-16 surrogates (valid JSON, not valid UTF-8), which would
break the worker's JSON or the page. Everything quoted goes through :func:`quote`, and
the bridge passes every outgoing message through :func:`clean`.
"""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def shorten(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis) and cleaned."""
    return clean(text if len(text) <= limit else text[: limit - 1] + "…")


def quote(value: object, limit: int = 40) -> str:
    """A short printable rendering of a value from a request: strings in quotes, others
    as JSON-like text, cut to ``limit`` characters with an ellipsis."""
    if isinstance(value, str):
        return "'" + shorten(value, limit) + "'"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        # repr() refuses an int of more than 4,300 digits (ValueError): say its size instead
        text = f"a {value.bit_length() * 0.30103:,.0f}-digit number"
    elif isinstance(value, int | float):
        text = repr(value)
    elif isinstance(value, list):
        text = "a list"
    elif isinstance(value, dict):
        text = "an object"
    else:
        text = type(value).__name__
    return clean(text if len(text) <= limit else text[: limit - 1] + "…")
