"""Rules engine for a family of board games (the registry, :mod:`.games`, lists them).

Pure Python, no dependencies: it runs on CPython 3.11+ and inside Pyodide. The browser
talks to it only through :func:`nibble.api.handle`.
"""

__version__ = "0.1.0"
