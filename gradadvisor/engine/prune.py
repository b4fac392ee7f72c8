"""Skip top-level definitions that cannot matter, before parsing.

Parsing is most of a scan's cost, and in a large file only a few top-level
functions or classes can hold a candidate. ``prune`` blanks out every top-level
``def``/``class`` block that

- matches no selected rule's trigger, and
- is not linked by name to a kept block (it neither mentions a kept block's
  name nor defines a name a kept block mentions).

The name links keep the gradient context exact: a function that passes a kept
function to ``jax.grad``, calls it, or is called by it, is kept too. Other
top-level statements (imports, assignments, ``if``/``try`` blocks) are always
kept. Blanked lines stay as empty lines, so line numbers do not move.

The result is only a filter: when a rule reports anything in the pruned text,
the engine checks the full file again, so findings, fixes and suppressions
always come from the whole module. If the block split is wrong (a column-0
line inside a string, say), the pruned text fails to parse and the engine falls
back to the full text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

BLOCK_START = re.compile(r"(?:@|def\s|async\s+def\s|class\s)")
DEFINED_NAME = re.compile(r"^(?:@[^\n]*\n)*(?:async\s+)?(?:def|class)\s+(\w+)", re.MULTILINE)
WORD = re.compile(r"[A-Za-z_]\w*")
#: Files smaller than this are parsed whole: pruning would not pay for itself.
MIN_LINES = 400


@dataclass
class Block:
    start: int  # index of the first line
    end: int  # index one past the last line
    droppable: bool
    name: str | None = None


def _split(lines: list[str]) -> list[Block]:
    """Top-level blocks, from lines that start a statement at column 0 outside strings."""
    starts: list[tuple[int, bool]] = []
    delimiter: str | None = None
    previous_decorator = False
    for index, line in enumerate(lines):
        if delimiter is None and line and line[0] not in " \t\r\n#)]}" :
            is_def = BLOCK_START.match(line) is not None
            if not (previous_decorator and is_def):
                starts.append((index, is_def))
            previous_decorator = line.startswith("@")
        delimiter = _string_state(line, delimiter)
    blocks = []
    for position, (start, droppable) in enumerate(starts):
        end = starts[position + 1][0] if position + 1 < len(starts) else len(lines)
        blocks.append(Block(start, end, droppable))
    return blocks


def _string_state(line: str, delimiter: str | None) -> str | None:
    """Whether a triple-quoted string is open after ``line`` (roughly: errors fall back)."""
    position = 0
    while True:
        if delimiter is not None:
            found = line.find(delimiter, position)
            if found < 0:
                return delimiter
            position = found + 3
            delimiter = None
            continue
        double, single, comment = line.find('"""', position), line.find("'''", position), line.find("#", position)
        candidates = [p for p in (double, single) if p >= 0]
        if not candidates:
            return None
        first = min(candidates)
        if 0 <= comment < first and line.count('"', 0, comment) % 2 == 0 and line.count("'", 0, comment) % 2 == 0:
            return None
        delimiter = line[first : first + 3]
        position = first + 3


def prune(text: str, keep: list[Callable[[str], bool]]) -> str | None:
    """What of ``text`` to parse: ``""`` when no top-level block can hold a finding (parse
    nothing), None when every block may matter (parse it all), else the text with the
    blocks that cannot matter blanked out."""
    lines = text.splitlines(keepends=True)
    blocks = _split(lines)
    if _open_string_at_end(lines):
        return None  # the split is unreliable: parse everything
    texts = {id(block): "".join(lines[block.start : block.end]) for block in blocks}
    candidates = {id(block) for block in blocks if any(could_match(texts[id(block)]) for could_match in keep)}
    if not candidates:
        return ""
    droppable = [block for block in blocks if block.droppable]
    if len(lines) < MIN_LINES or len(droppable) < 2:
        return None
    for block in droppable:
        match = DEFINED_NAME.match(texts[id(block)])
        block.name = match.group(1) if match else None
    kept_ids = {id(block) for block in droppable if id(block) in candidates}
    if len(kept_ids) == len(droppable):
        return None
    words = {id(block): set(WORD.findall(texts[id(block)])) for block in droppable}
    changed = True
    while changed:
        changed = False
        kept_names = {block.name for block in droppable if id(block) in kept_ids and block.name}
        mentioned = set().union(*(words[block_id] for block_id in kept_ids)) if kept_ids else set()
        for block in droppable:
            if id(block) in kept_ids:
                continue
            if (block.name and block.name in mentioned) or (kept_names & words[id(block)]):
                kept_ids.add(id(block))
                changed = True
    if len(kept_ids) == len(droppable):
        return None
    out = list(lines)
    for block in droppable:
        if id(block) not in kept_ids:
            for index in range(block.start, block.end):
                ending = "\r\n" if lines[index].endswith("\r\n") else "\n" if lines[index].endswith(("\n", "\r")) else ""
                out[index] = ending
    return "".join(out)


def _open_string_at_end(lines: list[str]) -> bool:
    delimiter = None
    for line in lines:
        delimiter = _string_state(line, delimiter)
    return delimiter is not None
