"""Jupyter notebooks (nbformat 4): the Python text of the code cells, and cells written back.

The interface::

    nb = load(display, data)            # NotebookSource, or a FileError for a bad notebook
    nb.text                             # the code cells joined, each ending with a newline
    nb.locate(line, column)             # -> (cell, line in the cell, column)
    dump(nb, new_text)                  # -> the notebook's bytes with the changed cells rewritten
    diff(nb, before, after)             # per-cell unified diff (``nb.ipynb:cell 3``)
    relocate_finding(nb, finding)       # text positions -> cell positions (and a cell code frame)

As in ruff, every code cell contributes its lines to one Python text, so the analysis sees the
notebook as the module it is when run top to bottom. IPython syntax is masked line by line so that
line and column numbers stay right: a line magic, shell escape or help request (``%matplotlib``,
``!pip install``, ``x = !ls``, ``obj?``, ``pip install x``) becomes ``pass`` at the same
indentation (its backslash-continued lines become blank lines). A cell starting with a cell magic
runs other code (``%%bash``, ``%%writefile``) and contributes no lines, except the magics that run
their cell as Python (``%%time``, ``%%timeit``, ``%%capture``, ...), whose first line is masked.
Markdown and raw cells are not read. Cells are numbered from 1 among code cells.

Writing back never re-serialises the notebook: only the ``source`` values of the changed cells
are replaced in the original JSON text, so outputs, metadata, key order, indentation and the
trailing newline stay byte for byte. New text is split into cells by matching its lines against
the old text (``difflib``), so a fix that adds import lines puts them at the end of the cell
before them; a change that would alter a masked magic line or straddle two cells is refused.
"""

from __future__ import annotations

import ast
import bisect
import difflib
import functools
import json
import re
from dataclasses import dataclass, field, replace
from json.decoder import scanstring

from gradadvisor.engine.source import FileError, is_notebook  # noqa: F401 - is_notebook: part of this module's interface
from gradadvisor.rules.base import Finding

#: Cell magics that run their cell as Python (as in ruff): the cell is analysed.
PYTHON_CELL_MAGICS = frozenset({"capture", "debug", "prun", "pypy", "python", "python3", "time", "timeit"})
#: Lines IPython runs as commands without a ``%`` (automagic): ``pip install x``, ``cd data``.
AUTOMAGIC = re.compile(r"(?:pip|conda|mamba|uv)\s+(?:install|uninstall|list|show|freeze|update|upgrade|remove|create)\b|cd\s")
#: ``x = !ls``, ``a, b = %sx cmd``: an assignment whose right-hand side is a magic.
ASSIGNED_MAGIC = re.compile(r"[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*[%!]")
#: "line 12" in a finding's context or evidence: a line of the text, to be said in cells.
LINE_REFERENCE = re.compile(r"\bline (\d+)\b")
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
#: What the statement scanner stops at: strings, comments, brackets, backslashes.
SPECIAL = re.compile(r"""['"#\\()\[\]{}]""")
TRIPLE_END = {quote: re.compile(r"\\|" + quote) for quote in ('"""', "'''")}
SINGLE_END = {quote: re.compile(r"\\|" + quote) for quote in ('"', "'")}
#: What replaces a magic line (``pass`` at its indentation) and a line continuing it. Distinct
#: from any real code, so that matching old and new text never mistakes one for the other.
MASK = "{indent}pass  # ipython magic{ending}"
MASK_CONTINUED = "# ipython magic (continued){ending}"


class NotebookWriteError(ValueError):
    """New text that cannot be written back into the notebook's cells."""


@dataclass(frozen=True)
class Cell:
    """One code cell."""

    #: Position in the notebook's ``cells`` list (markdown cells included).
    index: int
    #: 1-based among code cells: what findings show (``nb.ipynb:cell 3:...``).
    number: int
    #: The cell's source as the notebook holds it.
    source: str
    #: False for a cell run by a non-Python cell magic (``%%bash``): not analysed.
    python: bool
    #: First line of the cell in the Python text (1-based), and how many lines it has there.
    start: int
    lines: int
    #: The indentation of the cell's first line, which IPython strips from every line that
    #: starts with it (its ``leading_indent`` transform): the text holds the lines without it.
    indent: str = ""


@dataclass(frozen=True)
class NotebookSource:
    """A notebook as a Python text, with what is needed to map positions and write cells back."""

    path: str
    text: str
    cells: tuple[Cell, ...]
    #: Masked lines of ``text`` (0-based index) and the original line each replaced.
    masked: dict[int, str]
    #: The file's JSON text as read (BOM removed), and each code cell's source in it.
    raw: str
    raw_sources: tuple[str, ...]
    bom: bool
    #: Lines of ``text`` (0-based index) whose cell's indentation was stripped, as in the cell.
    dedented: dict[int, str] = field(default_factory=dict)

    def locate(self, line: int, column: int | None = None) -> tuple[int, int, int | None]:
        """A 1-based (line, column) of ``text`` as (cell number, line in the cell, column)."""
        placed = [cell for cell in self.cells if cell.lines]
        if not placed:
            return (self.cells[0].number if self.cells else 1), line, column
        position = bisect.bisect_right([cell.start for cell in placed], line) - 1
        cell = placed[max(0, position)]
        if column is not None and line - 1 in self.dedented:
            column += len(cell.indent)  # the column in the cell as written
        return cell.number, max(1, line - cell.start + 1), column

    @functools.cached_property
    def _file_text(self) -> str:
        """The notebook's JSON text as it is on disk now (with changed cells rewritten)."""
        return self.to_bytes().decode("utf-8-sig") if self.cells and any(
            cell.source != old for cell, old in zip(self.cells, self.raw_sources)
        ) else self.raw

    @functools.cached_property
    def _source_spans(self) -> dict[int, tuple[int, int]]:
        """Each code cell's ``source`` value in ``_file_text``: cell number -> (start, end)."""
        raw = self._file_text
        try:
            cells = _member(raw, _skip(raw, 0), "cells")
            if cells is None:
                return {}
            elements = _elements(raw, cells[0])
            spans = {}
            for cell in self.cells:
                span = _member(raw, elements[cell.index][0], "source") if cell.index < len(elements) else None
                if span is not None:
                    spans[cell.number] = span
            return spans
        except (IndexError, ValueError):
            return {}

    def file_position(self, cell: int, line: int, column: int | None) -> tuple[int, int] | None:
        """Where the character at (``line``, ``column``) of code cell ``cell`` (1-based, the
        column as in the cell) is in the ``.ipynb`` file: (line, column) of the JSON text, for
        the formats whose annotations land on the file's lines (SARIF, GitLab, JUnit). None
        when the cell's source cannot be found."""
        span = self._source_spans.get(cell)
        if span is None:
            return None
        raw = self._file_text
        start, end = span
        pieces = [(start, end)] if raw[start] == '"' else (_elements(raw, start) if raw[start] == "[" else [])
        ensure_ascii = raw.isascii() and bool(NON_ASCII_ESCAPE.search(raw))
        wanted = max(0, (column or 1) - 1)
        current, before = 1, 0  # the cell line being read, and its characters in earlier pieces
        last = None
        for piece_start, piece_end in pieces:
            text = json.loads(raw[piece_start:piece_end])
            consumed = 0
            for chunk in _lines(text):
                body = chunk.rstrip("\r\n")
                if current == line and (wanted - before < len(body) or chunk != body):
                    index = consumed + max(0, min(wanted - before, len(body)))
                    return _json_position(raw, piece_start, text[:index], ensure_ascii)
                last = (piece_start, text[: consumed + len(body)])
                consumed += len(chunk)
                if chunk != body:
                    current, before = current + 1, 0
                else:
                    before += len(chunk)
        if last is not None and current >= line:  # at or past the end of a last line without a line break
            return _json_position(raw, last[0], last[1], ensure_ascii)
        return None

    def with_text(self, text: str) -> "NotebookSource":
        """The notebook holding ``text`` (this notebook's text after fixes) in its cells."""
        if text == self.text:
            return self
        sources = _split(self, text)
        new = _build(self.path, self.raw, self.raw_sources, self.bom, self._code_cells(), sources)
        if new.text != text:
            raise NotebookWriteError("the fixed code does not map back onto the notebook's cells")
        return new

    def encode(self, text: str) -> bytes:
        """The notebook's bytes with ``text`` written into its cells (``SourceText.encode``'s twin)."""
        return dump(self, text)

    def to_bytes(self) -> bytes:
        """The original JSON with the ``source`` of each changed cell replaced."""
        changed = {
            cell.index: cell.source for cell, old in zip(self.cells, self.raw_sources) if cell.source != old
        }
        data = _splice(self.raw, changed) if changed else self.raw
        return (b"\xef\xbb\xbf" if self.bom else b"") + data.encode("utf-8")

    def _code_cells(self) -> list[tuple[int, bool]]:
        return [(cell.index, cell.python) for cell in self.cells]


def _json_position(raw: str, string_start: int, prefix: str, ensure_ascii: bool) -> tuple[int, int]:
    """The (line, column), 1-based, in ``raw`` of the character after ``prefix`` in the JSON
    string starting at ``string_start`` (escapes counted as a standard writer writes them)."""
    position = string_start + 1 + len(json.dumps(prefix, ensure_ascii=ensure_ascii)) - 2
    line_start = raw.rfind("\n", 0, position) + 1
    return raw.count("\n", 0, position) + 1, position - line_start + 1


def load(display: str, data: bytes) -> NotebookSource | FileError:
    """Read a notebook's bytes; a file that is not an nbformat-4 notebook is a ``FileError``."""
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        raw = data[3 if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as error:
        return FileError(display, "decode-error", f"a notebook must be UTF-8 JSON: {error}")
    try:
        document = json.loads(raw)
    except json.JSONDecodeError as error:
        return FileError(display, "notebook-error", f"not valid notebook JSON: {error.msg}", error.lineno, error.colno)
    except RecursionError:
        return FileError(display, "notebook-error", "not a readable notebook: JSON nested too deeply")
    problem = _check(document)
    if problem is not None:
        return FileError(display, problem[0], problem[1])
    code = [
        (index, "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"])
        for index, cell in enumerate(document["cells"])
        if cell.get("cell_type") == "code"
    ]
    sources = tuple(source for _, source in code)
    flags = [(index, _is_python_cell(source)) for index, source in code]
    return _build(display, raw, sources, bom, flags, sources)


def dump(original: NotebookSource, new_text: str) -> bytes:
    """The notebook's bytes after ``new_text`` (its text, fixed) is written back into its cells.

    Raises ``NotebookWriteError`` when the new text cannot be placed into the cells.
    """
    return original.with_text(new_text).to_bytes()


def diff(original: NotebookSource, before: str, after: str) -> str:
    """Unified diff, cell by cell, between two versions of the notebook's text."""
    try:
        old = original.with_text(before)
        new = old.with_text(after)
    except NotebookWriteError:
        old = None
    if old is None:  # cannot be shown per cell: show the Python text
        lines = difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{original.path}", f"b/{original.path}"
        )
        return "".join(lines)
    parts = []
    for cell_before, cell_after in zip(old.cells, new.cells):
        if cell_before.source != cell_after.source:
            name = f"{original.path}:cell {cell_before.number}"
            parts.extend(
                difflib.unified_diff(
                    _with_newline(cell_before.source).splitlines(keepends=True),
                    _with_newline(cell_after.source).splitlines(keepends=True),
                    f"a/{name}",
                    f"b/{name}",
                )
            )
    return "".join(parts)


def relocate_finding(notebook: NotebookSource, finding: Finding) -> Finding:
    """``finding`` with its lines counted within its cell, ``cell`` set and a frame from the cell."""
    cell, line, column = notebook.locate(finding.line, finding.column)
    end_cell, end_line, end_column = notebook.locate(finding.end_line, finding.end_column)
    if end_cell != cell:  # cannot happen for a node of one cell; keep the span inside the cell
        end_line, end_column = line, finding.end_column if finding.end_line == finding.line else column
    lines = _cell_lines(notebook, cell)
    first = max(1, line - 1)
    last = min(len(lines), end_line, line + 5)
    start_in_file = notebook.file_position(cell, line, column)
    end_in_file = notebook.file_position(cell, end_line, end_column)
    return replace(
        finding,
        file_region=(*start_in_file, *(end_in_file or start_in_file)) if start_in_file else None,
        context=_relocate_lines(notebook, finding.context),
        evidence=[_relocate_lines(notebook, item) or "" for item in finding.evidence],
        cell=cell,
        line=line,
        column=column,
        end_line=end_line,
        end_column=end_column,
        frame=(first, tuple(lines[first - 1 : last])),
    )


def _relocate_lines(notebook: NotebookSource, text: str | None) -> str | None:
    """``at line 7`` in a context or evidence line, said in cells: ``at cell 2, line 3``."""
    if not text:
        return text

    def place(match: re.Match[str]) -> str:
        cell, line, _ = notebook.locate(int(match.group(1)))
        return f"cell {cell}, line {line}"

    return LINE_REFERENCE.sub(place, text)


def relocate_error(notebook: NotebookSource, error: FileError) -> FileError:
    """``error`` with its line counted within its cell."""
    if error.line is None or error.cell is not None:
        return error
    cell, line, column = notebook.locate(error.line, error.column)
    return replace(error, cell=cell, line=line, column=column, file_position=notebook.file_position(cell, line, column))


# -- building the text -----------------------------------------------------------------------


def _build(
    path: str,
    raw: str,
    raw_sources: tuple[str, ...],
    bom: bool,
    flags: list[tuple[int, bool]],
    sources: tuple[str, ...] | list[str],
) -> NotebookSource:
    parts: list[str] = []
    masked: dict[int, str] = {}
    dedented: dict[int, str] = {}
    cells = []
    line = 1
    for number, ((index, python), source) in enumerate(zip(flags, sources), start=1):
        count = 0
        cell_indent = ""
        if python and source:
            lines = _lines(source)
            if not lines[-1].endswith(("\n", "\r")):
                lines[-1] += "\n"
            originals = list(lines)
            cell_indent = _leading_indent(lines)
            if cell_indent:  # as IPython runs the cell: its first line's indentation stripped
                for offset, text in enumerate(lines):
                    if text.startswith(cell_indent):
                        dedented[line - 1 + offset] = text
                        lines[offset] = text[len(cell_indent) :]
            for offset, indent in _masks(lines).items():
                masked[line - 1 + offset] = originals[offset]
                ending = lines[offset][len(lines[offset].rstrip("\r\n")) :]
                lines[offset] = (MASK if indent is not None else MASK_CONTINUED).format(indent=indent, ending=ending)
            parts.extend(lines)
            count = len(lines)
        cells.append(Cell(index, number, source, python, line, count, cell_indent))
        line += count
    return NotebookSource(path, "".join(parts), tuple(cells), masked, raw, tuple(raw_sources), bom, dedented)


def _leading_indent(lines: list[str]) -> str:
    """The indentation IPython strips from a cell (``leading_empty_lines`` then ``leading_indent``
    in ``IPython.core.inputtransformer2``): that of the first line that is not blank."""
    first = next((text for text in lines if text.strip()), "")
    return first[: len(first) - len(first.lstrip(" \t"))]


def _lines(text: str) -> list[str]:
    """Lines with their endings, split where Python splits them (``\\n``, ``\\r\\n``, ``\\r``)."""
    return LINE.findall(text)


def _with_newline(text: str) -> str:
    return text if not text or text.endswith(("\n", "\r")) else text + "\n"


def _is_python_cell(source: str) -> bool:
    first = next((line.strip() for line in _lines(source) if line.strip()), "")
    if not first.startswith("%%"):
        return True
    name = first[2:].split(maxsplit=1)[0] if first[2:].strip() else ""
    return name in PYTHON_CELL_MAGICS


def _masks(lines: list[str]) -> dict[int, str | None]:
    """The lines of a cell that are IPython syntax: their indentation (None for a line that
    continues the magic above it)."""
    masks: dict[int, str | None] = {}
    scanner = _Scanner()
    continued_magic = False
    for number, line in enumerate(lines):
        body = line.rstrip("\r\n")
        if continued_magic:
            masks[number] = None
            continued_magic = body.endswith("\\")
            continue
        if scanner.at_statement_start() and _is_magic(body):
            masks[number] = body[: len(body) - len(body.lstrip())]
            continued_magic = body.endswith("\\")
            continue
        scanner.feed(body)
    return masks


def _is_magic(body: str) -> bool:
    code = body.strip()
    if not code or code.startswith("#"):
        return False
    if code.startswith(("%", "!", "?")):
        return True
    if ASSIGNED_MAGIC.match(code):
        return True
    if body == body.lstrip() and AUTOMAGIC.match(code):
        return not _parses(code)  # `cd /data` is also a division: Python wins
    # Help: `obj?`, `obj??`, a `?` that is code, not in a string or a comment.
    if "?" not in code:
        return False
    scanner = _Scanner()
    scanner.feed(body)
    return scanner.last_code == "?" and scanner.quote is None


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    return True


class _Scanner:
    """Just enough of Python's tokenizer to know where a statement starts: open brackets,
    strings (triple-quoted ones span lines) and backslash continuations. It jumps from one
    character that matters to the next, so long lines of plain code cost one regex search."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote: str | None = None  # the open triple quote, if any
        self.continued = False
        #: The last character of the last line fed that is code (outside strings and comments).
        self.last_code = ""

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.quote is None and not self.continued

    def feed(self, line: str) -> None:
        self.continued = False
        position, length = 0, len(line)
        while position < length:
            if self.quote is not None:
                position = self._close(line, position, self.quote, multiline=True)
                continue
            match = SPECIAL.search(line, position)
            code = line[position : match.start() if match else length].rstrip()
            if code:
                self.last_code = code[-1]
            if match is None:
                return
            start = match.start()
            char = line[start]
            if char == "#":
                return
            if char == "\\":
                self.continued = start == length - 1
                position = start + 1
                continue
            if char in "'\"":  # a prefix (r, b, f) changes nothing here: a backslash escapes a quote in all
                quote = char * 3 if line.startswith(char * 3, start) else char
                self.last_code = char
                if len(quote) == 3:
                    self.quote = quote
                    position = start + 3
                else:
                    position = self._close(line, start + 1, quote, multiline=False)
                continue
            self.last_code = char
            self.depth = self.depth + 1 if char in "([{" else max(0, self.depth - 1)
            position = start + 1

    def _close(self, line: str, position: int, quote: str, multiline: bool) -> int:
        """Inside a string: the position after its closing quote, or the line's end."""
        ends = TRIPLE_END[quote] if multiline else SINGLE_END[quote]
        while True:
            match = ends.search(line, position)
            if match is None:
                return len(line)
            if match.group() == "\\":
                if match.start() == len(line) - 1 and not multiline:
                    self.continued = True  # a string continued on the next line
                position = match.start() + 2
                continue
            if multiline:
                self.quote = None
            return match.end()


# -- splitting new text into cells -----------------------------------------------------------


def _split(notebook: NotebookSource, text: str) -> list[str]:
    """Each code cell's source once ``notebook.text`` has become ``text``."""
    old = _lines(notebook.text)
    new = _lines(text)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    boundary: dict[int, int] = {0: 0, len(old): len(new)}
    origin: dict[int, int] = {}  # new line -> the old line it is a copy of
    changed_old: set[int] = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(i2 - i1 + 1):
                boundary[i1 + offset] = j1 + offset
            for offset in range(i2 - i1):
                origin[j1 + offset] = i1 + offset
            continue
        changed_old.update(range(i1, i2))
        if i2 - i1 == j2 - j1:  # same number of lines: they correspond one to one
            for offset in range(i2 - i1 + 1):
                boundary[i1 + offset] = j1 + offset
        elif i1 == i2:  # inserted lines go to the end of the cell before them
            boundary[i1] = j2 if i1 else 0
        else:
            boundary.setdefault(i1, j1)
            boundary[i2] = j2
    sources = []
    for cell in notebook.cells:
        if not cell.python or (not cell.lines and cell.source):
            sources.append(cell.source)  # a %%bash cell, or one the text does not hold
            continue
        start, stop = cell.start - 1, cell.start - 1 + cell.lines
        if start not in boundary or stop not in boundary:
            raise NotebookWriteError(f"a change spans the boundary of cell {cell.number}")
        lines = new[boundary[start] : boundary[stop]]
        for position in range(boundary[start], boundary[stop]):
            old_line = origin.get(position)
            if old_line is not None and old_line in notebook.masked:
                lines[position - boundary[start]] = notebook.masked[old_line]
            elif old_line is not None and old_line in notebook.dedented:
                lines[position - boundary[start]] = notebook.dedented[old_line]
            elif old_line is None and cell.indent and lines[position - boundary[start]].strip():
                lines[position - boundary[start]] = cell.indent + lines[position - boundary[start]]  # the cell's indentation back
        for old_line in range(start, stop):
            if old_line in notebook.masked and old_line in changed_old:
                raise NotebookWriteError(f"a change touches an IPython magic line in cell {cell.number}")
        source = "".join(lines)
        if cell.source and not cell.source.endswith(("\n", "\r")) and lines and lines[-1].strip():
            source = source.rstrip("\r\n")  # the cell's last line had no newline: keep it so
        sources.append(source)
    return sources


# -- writing cells back into the JSON text ---------------------------------------------------


def _check(document: object) -> tuple[str, str] | None:
    """What makes ``document`` unusable as an nbformat-4 notebook, if anything."""
    if not isinstance(document, dict) or "cells" not in document:
        return "notebook-error", "not a Jupyter notebook (no `cells` list)"
    version = document.get("nbformat")
    if version != 4:
        return "notebook-error", f"nbformat {version} is not supported (only nbformat 4; convert it with `jupyter nbconvert --to notebook`)"
    cells = document["cells"]
    if not isinstance(cells, list):
        return "notebook-error", "not a Jupyter notebook (`cells` is not a list)"
    for position, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            return "notebook-error", f"cell {position} is not an object"
        source = cell.get("source", "")
        if not (isinstance(source, str) or (isinstance(source, list) and all(isinstance(part, str) for part in source))):
            return "notebook-error", f"cell {position}: `source` must be a string or a list of strings"
        cell.setdefault("source", "")
    metadata = document.get("metadata")
    language = None
    if isinstance(metadata, dict):
        for key in ("kernelspec", "language_info"):
            entry = metadata.get(key)
            if isinstance(entry, dict):
                value = entry.get("language") if key == "kernelspec" else entry.get("name")
                if isinstance(value, str) and value:
                    language = value
                    break
    if language is not None and language.lower() not in ("python", "python3", "ipython", "ipython3"):
        return "skipped", f"not a Python notebook (language: {language}), skipped"
    return None


WHITESPACE = re.compile(r"[ \t\n\r]*")
SCALAR = re.compile(r"[^,\]}\s]+")
#: A ``\\uXXXX`` escape of a non-ASCII character: the file was written with ``ensure_ascii``.
NON_ASCII_ESCAPE = re.compile(r"\\u(?:[1-9a-fA-F][0-9a-fA-F]{3}|0[1-9a-fA-F][0-9a-fA-F]{2}|00[89a-fA-F][0-9a-fA-F])")


def _splice(raw: str, sources: dict[int, str]) -> str:
    """``raw`` with the ``source`` of the cells at the given indexes replaced."""
    cells = _member(raw, _skip(raw, 0), "cells")
    if cells is None:
        raise NotebookWriteError("cannot find the notebook's cells")
    edits = []
    ensure_ascii = raw.isascii() and bool(NON_ASCII_ESCAPE.search(raw))
    for index, (start, _) in enumerate(_elements(raw, cells[0])):
        if index not in sources:
            continue
        span = _member(raw, start, "source")
        if span is None:
            raise NotebookWriteError(f"cannot find the source of cell {index + 1}")
        edits.append((span, _encode_source(raw, span, sources[index], ensure_ascii)))
    parts = []
    position = 0
    for (start, end), value in sorted(edits):
        parts.append(raw[position:start])
        parts.append(value)
        position = end
    parts.append(raw[position:])
    spliced = "".join(parts)
    _verify(raw, spliced, sources)
    return spliced


def _verify(raw: str, spliced: str, sources: dict[int, str]) -> None:
    expected = json.loads(raw)
    for index, source in sources.items():
        old = expected["cells"][index].get("source")
        expected["cells"][index]["source"] = _lines(source) if isinstance(old, list) else source
    if json.loads(spliced) != expected:
        raise NotebookWriteError("rewriting the cells would change more than their source")


def _encode_source(raw: str, span: tuple[int, int], source: str, ensure_ascii: bool) -> str:
    """The new ``source`` value, laid out like the old one (a string, or a list of lines)."""
    start, end = span
    if raw[start] != "[":
        return json.dumps(source, ensure_ascii=ensure_ascii)
    items = _elements(raw, start)
    if items:
        opening = raw[start + 1 : items[0][0]]
        closing = raw[items[-1][1] : end - 1]
        separator = raw[items[0][1] : items[1][0]] if len(items) > 1 else "," + opening
    else:  # an empty list: indent like the key holding it, one level deeper
        line_start = raw.rfind("\n", 0, start) + 1
        indent = raw[line_start : line_start + len(raw[line_start:]) - len(raw[line_start:].lstrip(" \t"))]
        unit = _indent_unit(raw)
        if "\n" in raw.strip():
            opening, closing = "\n" + indent + unit, "\n" + indent
        else:
            opening = closing = ""
        separator = "," + (opening or " ")
    lines = _lines(source)
    if not lines:
        return "[]"
    return "[" + opening + separator.join(json.dumps(line, ensure_ascii=ensure_ascii) for line in lines) + closing + "]"


def _indent_unit(raw: str) -> str:
    match = re.search(r"\n([ \t]+)\S", raw)
    return match.group(1) if match else " "


def _skip(raw: str, position: int) -> int:
    return WHITESPACE.match(raw, position).end()  # type: ignore[union-attr]


def _value_end(raw: str, position: int) -> int:
    """The end of the (valid) JSON value starting at ``position``, without recursion."""
    char = raw[position]
    if char == '"':
        return scanstring(raw, position + 1)[1]
    if char not in "[{":
        return SCALAR.match(raw, position).end()  # type: ignore[union-attr]
    depth = 0
    while True:
        char = raw[position]
        if char == '"':
            position = scanstring(raw, position + 1)[1]
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return position + 1
        position += 1


def _member(raw: str, position: int, key: str) -> tuple[int, int] | None:
    """The span of the value of ``key`` in the object starting at ``position`` (the last one, as
    ``json.loads`` keeps the last of duplicate keys)."""
    if raw[position] != "{":
        return None
    found = None
    position = _skip(raw, position + 1)
    while raw[position] != "}":
        name, position = scanstring(raw, position + 1)
        position = _skip(raw, _skip(raw, position) + 1)  # past the colon
        end = _value_end(raw, position)
        if name == key:
            found = (position, end)
        position = _skip(raw, end)
        if raw[position] == ",":
            position = _skip(raw, position + 1)
    return found


def _elements(raw: str, position: int) -> list[tuple[int, int]]:
    """The spans of the elements of the array starting at ``position``."""
    spans = []
    position = _skip(raw, position + 1)
    while raw[position] != "]":
        end = _value_end(raw, position)
        spans.append((position, end))
        position = _skip(raw, end)
        if raw[position] == ",":
            position = _skip(raw, position + 1)
    return spans


def _cell_lines(notebook: NotebookSource, number: int) -> list[str]:
    cell = notebook.cells[number - 1]
    return [line.rstrip("\r\n") for line in _lines(cell.source)]
