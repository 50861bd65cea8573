"""Rules engine for Nibble and two games of its family, Nebuchadnezzar and Number One.

Pure Python, no dependencies: it runs on CPython 3.11+ and inside Pyodide. The browser
talks to it only through :func:`nibble.api.handle`.
"""

__version__ = "0.1.0"
