"""Progress bars are transparent: ``for x in tqdm(xs)`` walks ``xs`` and ``trange(n, desc=...)``
is ``range(n)``.

Research code wraps its loops in tqdm as often as not; to every loop reader the wrapper hides
what the loop walks. ``unwrap_progress_bars`` rewrites, in place and before any analysis, the
iterable of each ``for`` loop and comprehension that is a tqdm call (resolved through the
file's imports, so a function of the user's named ``tqdm`` is left alone) to what it wraps. The
wrapped expression keeps its own position, so findings and fixes point at the user's code.

The wrapper is still a fact: a progress bar shows the loop runs eagerly, step by step on the
host (under a trace it would only show the tracing). ``shows_progress`` answers it for a
reported loop or comprehension: such a finding needs a trace shown, not one guessed.
"""

from __future__ import annotations

import ast

#: tqdm's wrappers of an iterable (first argument) and of a range (its arguments).
WRAPPERS = frozenset({"tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm", "tqdm.std.tqdm", "tqdm.rich.tqdm"})
RANGES = frozenset({"tqdm.trange", "tqdm.auto.trange", "tqdm.notebook.trange", "tqdm.std.trange", "tqdm.rich.trange"})


def unwrap_progress_bars(tree: ast.Module, text: str, resolve) -> None:
    """Replace ``tqdm(it, ...)`` by ``it`` and ``trange(...)`` by ``range(...)`` where a loop
    or a comprehension walks them (``resolve``: the file's import resolver)."""
    if "tqdm" not in text:
        return
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            unwrapped = _unwrapped(node.iter, resolve)
            if unwrapped is not node.iter:
                node.iter = unwrapped
                node.progress_bar = True  # type: ignore[union-attr]


def shows_progress(node: ast.AST) -> bool:
    """The loop ``node``, or a comprehension in the expression ``node``, walked a progress bar."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return getattr(node, "progress_bar", False)
    if isinstance(node, ast.stmt):
        return False
    return any(isinstance(child, ast.comprehension) and getattr(child, "progress_bar", False) for child in ast.walk(node))


def _unwrapped(iterable: ast.expr, resolve) -> ast.expr:
    if not (isinstance(iterable, ast.Call) and iterable.args and not isinstance(iterable.args[0], ast.Starred)):
        return iterable
    qualified = resolve(iterable.func)
    if qualified in WRAPPERS:
        return iterable.args[0]
    if qualified in RANGES:
        return ast.copy_location(ast.Call(ast.copy_location(ast.Name("range", ast.Load()), iterable.func), iterable.args, []), iterable)
    return iterable
