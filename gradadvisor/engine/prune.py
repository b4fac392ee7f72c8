"""Skip top-level definitions that cannot matter, before parsing.

Parsing is most of a scan's cost, and in a large file only a few top-level
functions or classes can hold a candidate. ``prune`` blanks out every top-level
``def``/``class`` block that

- matches no selected rule's trigger, and
- is not linked by name to a candidate: it is not a function a candidate calls,
  nor a caller through which a trace can reach a candidate (a block reached from
  a transform or module class by calls, that calls a candidate, transitively).

The name links keep the gradient context exact: what makes a candidate traced
(a transform call, a decorator, a traced caller) is kept; the functions a
candidate calls are kept so their bodies can be read. Other
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

from gradadvisor.analysis.gradient import BENCH_FILE_FUNCTIONS, DIFFERENTIATING, TRACING

BLOCK_START = re.compile(r"(?:@|def\s|async\s+def\s|class\s)")
DEFINED_NAME = re.compile(r"^(?:@[^\n]*\n)*(?:async\s+)?(def|class)\s+(\w+)", re.MULTILINE)
#: A block naming a transform or a module base class may seed a trace.
TRACING_WORD = re.compile(
    r"\b(?:"
    + "|".join(sorted({name.rsplit(".", 1)[-1] for name in DIFFERENTIATING | TRACING} | {"defvjp", "defjvp", "defjvps", "compact", "Module"}))
    + r")\b"
)
WORD = re.compile(r"(?<![\w.])[A-Za-z_]\w*")  # names, not attributes (obj.update)
#: Files smaller than this are parsed whole: pruning would not pay for itself.
MIN_LINES = 0


@dataclass
class Block:
    start: int  # index of the first line
    end: int  # index one past the last line
    droppable: bool
    name: str | None = None
    is_function: bool = False


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
        block.name = match.group(2) if match else None
        block.is_function = bool(match) and match.group(1) != "class"
    kept = _linked_blocks(blocks, texts, candidates)
    if all(id(block) in kept for block in droppable):
        return None
    out = list(lines)
    for block in droppable:
        if id(block) not in kept:
            for index in range(block.start, block.end):
                ending = "\r\n" if lines[index].endswith("\r\n") else "\n" if lines[index].endswith(("\n", "\r")) else ""
                out[index] = ending
    return "".join(out)


def _linked_blocks(blocks: list[Block], texts: dict[int, str], candidates: set[int]) -> set[int]:
    """The candidate blocks, the functions they call (their bodies tell whether a call does
    jax work), and the callers that can make a candidate traced: blocks reached from a
    transform or a module class through calls, from which a candidate is reached."""
    functions = {block.name: block for block in blocks if block.is_function and block.name}
    named: dict[int, list[Block]] = {}
    for block in blocks:
        words = set(WORD.findall(texts[id(block)]))
        named[id(block)] = [functions[word] for word in words & functions.keys() if functions[word] is not block]
    may_be_traced: set[int] = set()
    work = [block for block in blocks if TRACING_WORD.search(texts[id(block)])]
    while work:
        block = work.pop()
        if id(block) not in may_be_traced:
            may_be_traced.add(id(block))
            work.extend(named[id(block)])
    callers: dict[int, list[Block]] = {}
    for block in blocks:
        for callee in named[id(block)]:
            callers.setdefault(id(callee), []).append(block)
    kept = {id(block) for block in blocks if id(block) in candidates}
    if BENCH_FILE_FUNCTIONS <= functions.keys():
        # A bench file's baseline and candidate are differentiated because all three exist.
        kept.update(id(functions[name]) for name in BENCH_FILE_FUNCTIONS)
    for block in blocks:
        if id(block) in candidates:
            kept.update(id(callee) for callee in named[id(block)])
    work = [block for block in blocks if id(block) in candidates]
    while work:
        for caller in callers.get(id(work.pop()), ()):
            if id(caller) in may_be_traced and id(caller) not in kept:
                kept.add(id(caller))
                work.append(caller)
    return kept


def _open_string_at_end(lines: list[str]) -> bool:
    delimiter = None
    for line in lines:
        delimiter = _string_state(line, delimiter)
    return delimiter is not None
