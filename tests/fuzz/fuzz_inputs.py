"""Hostile inputs for the scanner: one generator per kind, each seeded.

Every generator returns ``FuzzFile``s: a name, the bytes, and what the scanner must say
about the file when that is known (``expect``: the diagnostic kinds allowed, or
``None`` for "anything but an internal error"). ``cpython`` is CPython's own verdict
on the bytes (``ast.parse``): "ok", "decode" (it refuses the bytes before parsing) or
"syntax"; the harness uses it to catch false alarms (a diagnostic on a file CPython
accepts) and misses (no diagnostic on bytes CPython cannot even decode).

Real Python comes from the running interpreter's standard library
(``sysconfig.get_paths()["stdlib"]``), mutated and concatenated, with JAX lines
mixed in so that the scanner really parses and analyses it.
"""

from __future__ import annotations

import ast
import random
import sysconfig
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

#: A JAX prelude and a GA202 finding: mixed into generated code so that it is parsed.
JAX_HEAD = "import jax\nimport jax.numpy as jnp\n\n"
JAX_LINE = "d = jnp.diag(a.T @ b)\n"
#: Messages of CPython's that mean "these bytes are not text I can read".
DECODE_REFUSALS = ("null bytes", "encoding problem", "unknown encoding", "codec can't decode", "Non-UTF-8", "unicode error")


@dataclass(frozen=True)
class FuzzFile:
    name: str
    data: bytes
    kind: str
    expect: frozenset[str] | None = None

    @property
    def cpython(self) -> str:
        return cpython_verdict(self.data)


def cpython_verdict(data: bytes) -> str:
    """"ok", "decode" or "syntax": what CPython's parser says about ``data``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(data)
    except (SyntaxError, ValueError) as error:
        message = str(getattr(error, "msg", error))
        return "decode" if any(part in message for part in DECODE_REFUSALS) else "syntax"
    except (RecursionError, MemoryError):
        return "syntax"  # too deep for CPython: it refuses the file
    return "ok"


@lru_cache(maxsize=1)
def stdlib_sources() -> tuple[Path, ...]:
    """Real Python files: the standard library's top-level modules of at most 200 KB."""
    root = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(path for path in root.glob("*.py") if 1_000 < path.stat().st_size < 200_000)
    return tuple(files)


def _stdlib_text(rng: random.Random) -> str:
    sources = stdlib_sources()
    if not sources:
        return "def f(x):\n    return x + 1\n" * 50
    return rng.choice(sources).read_text(encoding="utf-8", errors="replace")


def _with_jax(text: str, rng: random.Random) -> str:
    """``text`` with the JAX prelude and a few GA202 lines at top level."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        # At a top-level boundary, so that the code stays valid where it was.
        boundaries = [index for index, line in enumerate(lines) if line[:1] not in (" ", "\t", "\n", "#", ")", "]", "}", "") and not line.startswith(("else", "elif", "except", "finally"))]
        at = rng.choice(boundaries) if boundaries else len(lines)
        lines.insert(at, JAX_LINE)
    return JAX_HEAD + "".join(lines)


# -- generators: each (rng) -> list[FuzzFile] ----------------------------------------------


def deep_brackets(rng: random.Random) -> list[FuzzFile]:
    depth = rng.choice([50, 150, 199, 201, 500, 3000, 20_000])
    opener, closer = rng.choice(["()", "[]", "{}"])
    body = "x = " + opener * depth + "a" + closer * depth + "\n"
    data = (JAX_HEAD + JAX_LINE + body).encode()
    return [FuzzFile(f"brackets_{depth}.py", data, f"{depth} nested {opener}{closer}")]


def nested_blocks(rng: random.Random) -> list[FuzzFile]:
    depth = rng.choice([20, 60, 99, 101, 300])
    keyword = rng.choice(["def", "if", "for", "while", "with", "class"])
    header = {
        "def": "def f{i}(x):",
        "if": "if x > {i}:",
        "for": "for i{i} in x:",
        "while": "while x < {i}:",
        "with": "with ctx{i}:",
        "class": "class C{i}:",
    }[keyword]
    lines = [" " * i + header.format(i=i) for i in range(depth)]
    lines.append(" " * depth + "y = jnp.diag(a.T @ b)")
    data = (JAX_HEAD + JAX_LINE + "\n".join(lines) + "\n").encode()
    return [FuzzFile(f"nested_{keyword}_{depth}.py", data, f"{depth} nested {keyword} blocks")]


def long_elif(rng: random.Random) -> list[FuzzFile]:
    count = rng.choice([100, 1_000, 5_000])
    branches = ["if x == 0:\n    y = 0\n"] + [f"elif x == {i}:\n    y = {i}\n" for i in range(1, count)]
    data = (JAX_HEAD + JAX_LINE + "".join(branches) + "else:\n    y = jnp.diag(a.T @ b)\n").encode()
    return [FuzzFile(f"elif_{count}.py", data, f"if + {count - 1} elif branches")]


def nested_conditional_expressions(rng: random.Random) -> list[FuzzFile]:
    depth = rng.choice([50, 500, 3_000])
    expression = "".join(f"{i} if x == {i} else " for i in range(depth)) + "jnp.diag(a.T @ b)"
    data = (JAX_HEAD + JAX_LINE + f"y = {expression}\n").encode()
    return [FuzzFile(f"ternary_{depth}.py", data, f"{depth} nested conditional expressions")]


def long_sum(rng: random.Random) -> list[FuzzFile]:
    terms = rng.choice([1_000, 10_000])
    operator = rng.choice([" + ", " * ", " @ ", " and "])
    expression = operator.join(f"a{i}" for i in range(terms))
    data = (JAX_HEAD + JAX_LINE + f"s = {expression}\n").encode()
    return [FuzzFile(f"sum_{terms}.py", data, f"a {terms}-term expression ({operator.strip()})")]


def long_call_chain(rng: random.Random) -> list[FuzzFile]:
    links = rng.choice([1_000, 10_000])
    link = rng.choice([".a", "()", "[0]"])
    data = (JAX_HEAD + JAX_LINE + "z = x" + link * links + "\n").encode()
    return [FuzzFile(f"chain_{links}.py", data, f"a chain of {links} {link!r}")]


def long_single_line_list(rng: random.Random) -> list[FuzzFile]:
    items = rng.choice([10_000, 100_000])
    data = (JAX_HEAD + JAX_LINE + "table = [" + ", ".join(str(i) for i in range(items)) + "]\n").encode()
    return [FuzzFile(f"list_{items}.py", data, f"a {len(data) // 1024} KiB single-line list")]


def random_bytes(rng: random.Random) -> list[FuzzFile]:
    size = rng.choice([16, 300, 4_096, 100_000])
    data = bytes(rng.getrandbits(8) for _ in range(size))
    if rng.random() < 0.5:  # looks like JAX code at the start
        data = JAX_HEAD.encode() + data
    return [FuzzFile(f"random_{size}.py", data, f"{size} random bytes")]


def truncated_stdlib(rng: random.Random) -> list[FuzzFile]:
    text = _with_jax(_stdlib_text(rng), rng).encode()
    cut = rng.randrange(len(JAX_HEAD), len(text))
    return [FuzzFile(f"truncated_{cut}.py", text[:cut], f"real code cut at byte {cut}")]


def mutated_stdlib(rng: random.Random) -> list[FuzzFile]:
    lines = _with_jax(_stdlib_text(rng), rng).splitlines(keepends=True)
    tokens = ["(", ")", "[", "]", ":", "lambda", "def", "    ", "\t", "\\", "'", '"""', "jnp.diag(", "@", "if", "else", "\n"]
    for _ in range(rng.randint(1, 10)):
        index = rng.randrange(len(lines))
        operation = rng.choice(["delete", "duplicate", "swap", "insert", "dedent", "indent"])
        if operation == "delete":
            del lines[index]
        elif operation == "duplicate":
            lines.insert(index, lines[index])
        elif operation == "swap":
            other = rng.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
        elif operation == "insert":
            line = lines[index]
            at = rng.randrange(len(line) + 1)
            lines[index] = line[:at] + rng.choice(tokens) + line[at:]
        elif operation == "dedent":
            lines[index] = lines[index].lstrip(" ")
        else:
            lines[index] = "    " + lines[index]
        if not lines:
            lines = [JAX_LINE]
    return [FuzzFile(f"mutated_{rng.randrange(10**6)}.py", "".join(lines).encode(), "real code with random edits")]


def concatenated_stdlib(rng: random.Random) -> list[FuzzFile]:
    parts = [_stdlib_text(rng) for _ in range(rng.randint(2, 4))]
    text = _with_jax("\n".join(parts), rng)
    newline = rng.choice(["\n", "\r\n", "\r"])
    data = text.replace("\n", newline).encode()
    return [FuzzFile(f"concatenated_{len(parts)}.py", data, f"{len(parts)} real modules, {newline!r} line ends")]


def odd_encodings(rng: random.Random) -> list[FuzzFile]:
    """A JAX file in an odd encoding: declared, mis-declared, undeclared, or not text at all."""
    text = "# café, naïve, 日本\n" + JAX_HEAD + JAX_LINE + "s = 'ünïcode'\n"
    choice = rng.choice(
        [
            "utf-16",
            "utf-32",
            "latin-1-undeclared",
            "latin-1-declared",
            "cookie-unknown",
            "cookie-utf-16",
            "bom-and-cookie",
            "nul-late",
            "nul-early",
            "euc-jp-declared",
            "utf-8-bom",
            "surrogate",
            "cookie-utf-7",
        ]
    )
    expect: frozenset[str] | None = None
    if choice in ("utf-16", "utf-32"):
        data, expect = text.encode(choice), frozenset({"decode-error"})
    elif choice == "latin-1-undeclared":
        data, expect = text.replace("日本", "").encode("latin-1"), frozenset({"decode-error"})
    elif choice == "latin-1-declared":
        data = ("# -*- coding: latin-1 -*-\n" + text.replace("日本", "")).encode("latin-1")
    elif choice == "cookie-unknown":
        data, expect = ("# coding: no-such-codec\n" + text).encode(), frozenset({"decode-error"})
    elif choice == "cookie-utf-16":
        data, expect = ("# coding: utf-16\n" + text.replace("日本", "")).encode("latin-1"), frozenset({"decode-error"})
    elif choice == "bom-and-cookie":
        data, expect = b"\xef\xbb\xbf" + ("# coding: latin-1\n" + text).encode(), frozenset({"decode-error"})
    elif choice == "nul-late":
        data, expect = text.encode() + b"x = 1\n" * 2_000 + b"\x00\n", frozenset({"skipped"})
    elif choice == "nul-early":
        data, expect = b"\x00" + text.encode(), frozenset({"skipped"})
    elif choice == "euc-jp-declared":
        data = ("# -*- coding: euc-jp -*-\n" + text.replace("café, naïve, ", "").replace("ünïcode", "unicode")).encode("euc-jp")
    elif choice == "utf-8-bom":
        data = b"\xef\xbb\xbf" + text.encode()
    elif choice == "surrogate":
        data, expect = text.encode() + b"t = '\xed\xa0\x80'\n", frozenset({"decode-error"})
    else:  # utf-7: CPython accepts it, the scanner refuses it (not ASCII-compatible)
        data, expect = ("# coding: utf-7\n" + text.replace("日本", "")).encode("utf-7"), frozenset({"decode-error"})
    return [FuzzFile(f"encoding_{choice}.py", data, f"encoding: {choice}", expect)]


GENERATORS: dict[str, Callable[[random.Random], list[FuzzFile]]] = {
    "deep-brackets": deep_brackets,
    "nested-blocks": nested_blocks,
    "long-elif": long_elif,
    "nested-conditional-expressions": nested_conditional_expressions,
    "long-sum": long_sum,
    "long-call-chain": long_call_chain,
    "long-single-line-list": long_single_line_list,
    "random-bytes": random_bytes,
    "truncated-stdlib": truncated_stdlib,
    "mutated-stdlib": mutated_stdlib,
    "concatenated-stdlib": concatenated_stdlib,
    "odd-encodings": odd_encodings,
}
