"""A scan, from files to findings, in two phases.

1. Per file, in parallel (``engine/checker.py``): read, parse, summarise, collect
   the rules' candidates. Plain data comes back.
2. Whole project, in this process: link the summaries (``analysis/project.py``),
   then let each rule turn its candidates into findings with the project's
   gradient context, a confidence and evidence (``Rule.finalize``); drop those
   under ``min-confidence`` and those a ``# noqa`` suppresses.

Then, when asked, fixes are applied per file in rounds (``fixes/apply.py``) and
written atomically.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
from dataclasses import dataclass, field, replace
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Literal

from gradadvisor.analysis.project import Project
from gradadvisor.engine.checker import FileAnalysis, analyse
from gradadvisor.engine.pool import WorkerPool
from gradadvisor.engine.source import FileError, SourceText, decode_source, is_notebook, read_bytes, too_large
from gradadvisor.fixes.apply import FixOutcome, apply_fix_rounds, local_diff, unified_diff, write_atomically
from gradadvisor.fixes.edits import apply_edits
from gradadvisor.rules import all_rules, rule_by_code
from gradadvisor.rules.base import CONFIDENCE_ORDER, Finding, Rule, Suppression, finalize_candidate

if TYPE_CHECKING:  # imported where used: a scan without a cache or a notebook loads neither
    from gradadvisor.engine.cache import Cache
    from gradadvisor.engine.notebook import NotebookSource

FixMode = Literal["none", "diff", "fix"]
UNUSED_NOQA = "GA900"


@dataclass(frozen=True)
class Settings:
    """Everything a worker needs; picklable so it crosses to the process pool once."""

    codes: tuple[str, ...]
    root: str
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fix_mode: FixMode = "none"
    unsafe_fixes: bool = False
    max_file_size: int = 2 * 1024 * 1024
    min_confidence: str = "medium"

    def ignores_for(self, display: str) -> list[tuple[str, tuple[str, ...]]]:
        """The per-file-ignores entries (pattern, codes) that apply to the file ``display``."""
        if not self.per_file_ignores:
            return []
        relative = os.path.relpath(os.path.abspath(display), self.root)
        return [(pattern, codes) for pattern, codes in self.per_file_ignores if _path_matches(relative, pattern)]

    def rules_for(self, display: str) -> list[type[Rule]]:
        ignored = tuple(code for _, codes in self.ignores_for(display) for code in codes)
        return [
            rule
            for rule in all_rules()
            if rule.code in self.codes and not any(rule.code.startswith(prefix) or prefix == "ALL" for prefix in ignored)
        ]

    def fingerprint(self, display: str, absolute: str | None = None) -> str:
        """What of these settings reaches phase 1 of ``display`` (part of its cache key);
        ``absolute``: the file's absolute path, when the caller has it."""
        if self.per_file_ignores:
            codes = ",".join(rule.code for rule in self.rules_for(display))
        else:
            codes = _selected_codes(self.codes)
        return f"{display}|{self.module_path(display, absolute)}|{codes}|{UNUSED_NOQA in self.codes}|{self.max_file_size}"

    def module_path(self, display: str, absolute: str | None = None) -> str:
        """The path that names the file's module: relative to the project root when the file
        is inside it (so ``x/good.py`` and ``y/good.py`` are different modules, whatever the
        working directory), else as shown."""
        return _module_path(self.root, absolute or os.path.abspath(display), display)

    def summaries_only(self) -> "Settings":
        """The settings of a context file's phase 1: its summary, no rule walk."""
        return replace(self, codes=(), per_file_ignores=(), fix_mode="none", unsafe_fixes=False)

    def applies(self, applicability: str) -> bool:
        return applicability == "safe" or self.unsafe_fixes


@functools.lru_cache(maxsize=64)
def _selected_codes(codes: tuple[str, ...]) -> str:
    """The codes of the rules phase 1 runs, as ``rules_for`` gives them with no per-file ignores."""
    return ",".join(rule.code for rule in all_rules() if rule.code in codes)


@functools.lru_cache(maxsize=4096)
def _module_path(root: str, absolute: str, display: str) -> str:
    try:
        relative = os.path.relpath(absolute, root)
    except ValueError:  # another drive
        return display
    if relative == os.pardir or relative.startswith(os.pardir + os.sep) or os.path.isabs(relative):
        return display
    return relative if os.sep == "/" else relative.replace(os.sep, "/")


def _path_matches(display: str, pattern: str) -> bool:
    path = Path(display).as_posix()
    return fnmatch(path, pattern) or fnmatch(Path(path).name, pattern) or fnmatch(path, pattern.rstrip("/") + "/*")


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    lines: int = 0
    parsed: bool = False
    fixed: int = 0
    #: Unified diff of the fixes that would be (``--diff``) or were (``--fix``) applied.
    diff: str = ""
    #: The rule code of each fix applied (``--show-fixes``).
    fixed_codes: list[str] = field(default_factory=list)


@dataclass
class Checked:
    """The outcome of checking one text on its own (tests and single-file use)."""

    findings: list[Finding]
    errors: list[FileError]
    parsed: bool


# -- phase 1 ----------------------------------------------------------------------------


@dataclass
class Phase1:
    """One file after phase 1: its analysis, or the error that stopped it."""

    display: str
    analysis: FileAnalysis | None
    errors: list[FileError]
    lines: int = 0
    #: The bytes, for input that cannot be read again (stdin).
    data: bytes | None = None


def _is_notebook_source(value: object) -> bool:
    """Whether ``value`` is a ``NotebookSource`` (its module is loaded once a notebook is read)."""
    module = sys.modules.get("gradadvisor.engine.notebook")
    return module is not None and isinstance(value, module.NotebookSource)


def load_source(display: str, data: bytes) -> SourceText | NotebookSource | FileError:
    """Bytes to what the rules read: a notebook's code cells, else decoded Python source."""
    if is_notebook(display):
        from gradadvisor.engine import notebook

        return notebook.load(display, data)
    return decode_source(display, data)


def phase1(path: Path, display: str, settings: Settings) -> Phase1:
    data = read_bytes(path, display, settings.max_file_size)
    if isinstance(data, FileError):
        return Phase1(display, None, [data])
    return phase1_bytes(display, data, settings)


def phase1_bytes(display: str, data: bytes, settings: Settings) -> Phase1:
    source = load_source(display, data)
    if isinstance(source, FileError):
        return Phase1(display, None, [source])
    return phase1_text(display, source.text, settings)


def phase1_text(display: str, text: str, settings: Settings) -> Phase1:
    lines = text.count("\n") + (not text.endswith("\n") and bool(text))
    rules = [rule for rule in settings.rules_for(display) if rule.code != UNUSED_NOQA]
    wants_noqa = UNUSED_NOQA in settings.codes
    analysis = analyse(display, text, rules, want_suppressions=wants_noqa, module_path=settings.module_path(display))
    return Phase1(display, analysis, list(analysis.errors), lines)


# -- phase 2 ----------------------------------------------------------------------------


def findings_for(
    analysis: FileAnalysis, project: Project, settings: Settings, text: str | None = None, source: SourceText | NotebookSource | None = None,
    crashes: dict[str, str] | None = None,
) -> list[Finding]:
    """Phase 2 for one file: candidates -> findings (confidence, evidence, noqa). A rule whose
    phase 2 raises on a candidate loses that candidate only: ``crashes`` (code -> message)
    collects it for the file's diagnostics, and the rest of the file is reported."""
    floor = CONFIDENCE_ORDER.get(settings.min_confidence, 1)
    suppressions = {line: Suppression(s.line, s.column, s.end_column, s.codes) for line, s in analysis.suppressions.items()}
    findings: list[Finding] = []
    for candidate in analysis.candidates:
        rule = rule_by_code(candidate.code)
        if rule is None:
            continue
        try:
            finding = finalize_candidate(rule, candidate, project)
        except Exception as error:  # noqa: BLE001 - one candidate's bug must not lose the run
            if crashes is None:
                raise
            crashes.setdefault(candidate.code, f"line {candidate.span.line}: {type(error).__name__}: {error}")
            continue
        if finding is None:
            continue
        suppression = suppressions.get(finding.line)
        if suppression is not None and suppression.matches(finding.code):
            suppression.used.add(finding.code)  # used, whatever the confidence shown
            continue
        if CONFIDENCE_ORDER[finding.confidence] < floor:
            continue
        if finding.fix is not None and text is not None:
            if _is_notebook_source(source):
                from gradadvisor.engine import notebook

                finding.diff = notebook.diff(source, text, apply_edits(text, list(finding.fix.edits)))
            elif finding.fix.imports:
                # The imports the fix adds are part of it: the whole file's diff shows them.
                from gradadvisor.fixes.apply import apply_fixes

                finding.diff = unified_diff(analysis.path, text, apply_fixes(text, [finding.fix]))
            else:
                finding.diff = local_diff(analysis.path, text, finding.fix)
        findings.append(finding)
    if UNUSED_NOQA in settings.codes:
        from gradadvisor.rules.ga900_unused_noqa import unused_noqa_findings

        judged = [s for s in suppressions.values() if not (s.codes and s.matches(UNUSED_NOQA))]
        findings.extend(unused_noqa_findings(analysis.path, judged, [rule.code for rule in settings.rules_for(analysis.path)]))
    findings.sort(key=lambda item: (item.line, item.column, item.code))
    return findings


def check_text(display: str, text: str, rules: Iterable[type[Rule]], min_confidence: str = "medium") -> Checked:
    """Both phases for one text on its own. Never raises for bad input."""
    settings = Settings(codes=tuple(rule.code for rule in rules), root=os.getcwd(), min_confidence=min_confidence)
    first = phase1_text(display, text, settings)
    if first.analysis is None:
        return Checked([], first.errors, False)
    project = Project([first.analysis.summary])
    return Checked(findings_for(first.analysis, project, settings, text), first.errors, first.analysis.parsed)


# -- the whole scan ------------------------------------------------------------------------


def lint_file(path: Path, display: str, settings: Settings) -> FileResult:
    """Scan one file on its own (its project is itself)."""
    return lint_paths([(path, display)], settings, jobs=1)[0]


@dataclass
class ProjectContext:
    """The rest of the project, for a scan given only some of its files (pre-commit passes the
    changed ones): their phase-1 summaries join the project index, so cross-file facts (a
    ``jax.grad(loss)`` in train.py makes model.py's loop differentiated) are the same as in a
    scan of the whole project; no finding is reported for them. A context file's phase 1 is its
    summary alone (no rule walk), cached like any other; a cached full phase 1 of the file
    serves as well (its summary is the same for every other file's findings)."""

    files: list[tuple[Path, str]] = field(default_factory=list)
    #: What could not be read for context (the index lacks it): set by the scan, reported by
    #: the caller as a note. Folders that could not be listed may be put here beforehand.
    unread: list[FileError] = field(default_factory=list)


def lint_stdin(
    data: bytes, display: str, settings: Settings, cache: Cache | None = None, context: ProjectContext | None = None, jobs: int | None = None
) -> tuple[FileResult, bytes]:
    """Check source read from stdin as the file ``display``: the result, and the source to
    print back (fixed with ``--fix``, else as read). ``context`` gives the rest of the project."""
    big = too_large(display, len(data), settings.max_file_size)
    if big is not None:
        return FileResult(display, errors=[big]), data
    first = phase1_bytes(display, data, settings)
    first.data = data
    others = _context_phase1(context, settings, jobs, cache)
    project = Project([r.analysis.summary for r in [first, *others] if r.analysis is not None])
    done = _finish(None, first, project, settings)
    _relocate(done)
    return done.result, done.data if done.data is not None else data


def lint_paths(
    files: list[tuple[Path, str]],
    settings: Settings,
    jobs: int | None = None,
    on_result: Callable[[FileResult], None] | None = None,
    cache: Cache | None = None,
    context: ProjectContext | None = None,
) -> list[FileResult]:
    """Scan every file (both phases; fixes when the settings ask). Results keep input order.

    ``context``: the project's other files (``ProjectContext``); their summaries join the project
    index, so a partial scan gives each of its files the findings a whole-project scan gives it,
    with or without a cache. With a ``cache``, phase 1 is reused for files whose bytes and
    settings are unchanged, and when nothing at all changed the last run's results are returned.

    The cyclic garbage collector is paused meanwhile: the results are many small acyclic
    objects, and its passes over them (as workers' results are unpickled, and again while the
    project index is built) cost more than the rest of this process's work."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _lint_paths(files, settings, jobs, on_result, cache, context or ProjectContext())
    finally:
        if was_enabled:
            gc.enable()


def _lint_paths(
    files: list[tuple[Path, str]],
    settings: Settings,
    jobs: int | None,
    on_result: Callable[[FileResult], None] | None,
    cache: Cache | None,
    context: ProjectContext,
) -> list[FileResult]:
    if cache is None:
        everything = _run_phase1([*files, *context.files], settings, jobs, context_from=len(files))
        firsts, others = everything[: len(files)], everything[len(files) :]
        context.unread.extend(_unread(others))
        return _phase2(files, firsts, others, settings, on_result, jobs)
    tokens = [_token(path, display, settings, cache) for path, display in files]
    summaries = settings.summaries_only()
    context_tokens = [_context_token(path, display, settings, summaries, cache) for path, display in context.files]
    signature = cache.signature(
        [repr(settings), *(f"{key}|{digest}" for key, _, _, digest in tokens), "context", *(f"{key}|{digest}" for key, _, _, digest in context_tokens)]
    )
    if settings.fix_mode == "none":
        previous = cache.last_results(signature)
        if isinstance(previous, tuple) and len(previous) == 2 and isinstance(previous[0], list) and len(previous[0]) == len(files):
            results, unread = previous
            context.unread.extend(unread)
            for result in results:
                if on_result:
                    on_result(result)
            return results
    everything = _cached_phase1([*files, *context.files], [*tokens, *context_tokens], settings, jobs, cache, context_from=len(files))
    firsts, others = everything[: len(files)], everything[len(files) :]
    unread = _unread(others)
    context.unread.extend(unread)
    results = _phase2(files, firsts, others, settings, on_result, jobs)
    if settings.fix_mode == "none":
        cache.remember(signature, (list(results), unread))
    return results


def _context_phase1(context: ProjectContext | None, settings: Settings, jobs: int | None, cache: Cache | None) -> list[Phase1]:
    """Phase 1 (summaries) of the context files, from the cache where it can; notes what could not be read."""
    if context is None or not context.files:
        return []
    if cache is None:
        others = _run_phase1(context.files, settings, jobs, context_from=0)
    else:
        summaries = settings.summaries_only()
        tokens = [_context_token(path, display, settings, summaries, cache) for path, display in context.files]
        others = _cached_phase1(context.files, tokens, settings, jobs, cache, context_from=0)
    context.unread.extend(_unread(others))
    return others


def _unread(others: list[Phase1]) -> list[FileError]:
    """What the context files' phase 1 could not read (a syntax error, an unreadable file...)."""
    return [error for other in others for error in other.errors]


def _phase2(
    files: list[tuple[Path, str]],
    firsts: list[Phase1],
    context: list[Phase1],
    settings: Settings,
    on_result: Callable[[FileResult], None] | None,
    jobs: int | None = None,
) -> list[FileResult]:
    project = Project([first.analysis.summary for first in [*firsts, *context] if first.analysis is not None])
    finished = [_finish(path, first, project, settings) for (path, _), first in zip(files, firsts)]
    writes = [(index, str(path), done.data) for index, ((path, _), done) in enumerate(zip(files, finished)) if done.data is not None]
    failures = _write_all(writes, jobs) if writes else {}
    results: list[FileResult] = []
    for index, done in enumerate(finished):
        result = done.result
        if index in failures:
            result.errors.append(FileError(result.path, "io-error", f"cannot write fixes: {failures[index]}"))
            result.fixed, result.fixed_codes, result.findings, done.final = 0, [], done.original, done.source.text  # type: ignore[union-attr]
        _relocate(done)
        results.append(result)
        if on_result:
            on_result(result)
    return results


@dataclass
class _Finished:
    """One file after phase 2 and its fixes, before anything is written."""

    result: FileResult
    source: SourceText | NotebookSource | None = None
    #: The text the findings refer to (the fixed text once written).
    final: str | None = None
    #: The bytes to write (``--fix``), and the findings to report should the write fail.
    data: bytes | None = None
    original: list[Finding] = field(default_factory=list)


def _finish(path: Path | None, first: Phase1, project: Project, settings: Settings) -> _Finished:
    """Phase 2 for one file, then its fixes (computed, not yet written)."""
    result = FileResult(first.display, errors=list(first.errors), lines=first.lines)
    done = _Finished(result)
    if first.analysis is None:
        return done
    result.parsed = first.analysis.parsed
    if is_notebook(first.display) or any(candidate.fix is not None for candidate in first.analysis.candidates):
        data = first.data if first.data is not None else read_bytes(path, first.display, settings.max_file_size) if path is not None else None
        loaded = load_source(first.display, data) if isinstance(data, bytes) else None
        if isinstance(loaded, SourceText) or _is_notebook_source(loaded):
            done.source = loaded
    source = done.source
    done.final = source.text if source is not None else None
    crashes: dict[str, str] = {}
    result.findings = findings_for(first.analysis, project, settings, done.final, source, crashes)
    for code, message in sorted(crashes.items()):
        result.errors.append(FileError(result.path, "internal-error", f"rule {code} crashed on this file (phase 2): {message}"))
    done.original = list(result.findings)
    if settings.fix_mode != "none" and source is not None and any(f.fix and settings.applies(f.fix.applicability) for f in result.findings):
        outcome = apply_fix_rounds(
            source.text,
            result.findings,
            rescan=lambda new_text: _rescan(first.display, new_text, project, settings, source),
            applies=lambda fix: settings.applies(fix.applicability),
        )
        result.errors.extend(FileError(first.display, "fix-error", message, line, column) for message, line, column in outcome.errors)
        _record_fixes(source, outcome, done, settings)
    return done


def _relocate(done: _Finished) -> None:
    """A notebook's findings and errors, placed in its cells."""
    if _is_notebook_source(done.source) and done.final is not None:
        from gradadvisor.engine import notebook

        try:
            placed = done.source.with_text(done.final)
        except ValueError:
            placed = done.source
        done.result.findings = [notebook.relocate_finding(placed, finding) for finding in done.result.findings]
        done.result.errors = [notebook.relocate_error(placed, error) for error in done.result.errors]


def _rescan(display: str, text: str, project: Project, settings: Settings, source) -> list[Finding]:
    first = phase1_text(display, text, settings)
    if first.analysis is None:
        return []
    return findings_for(first.analysis, project, settings, text, source)


def _record_fixes(source: SourceText | NotebookSource, outcome: FixOutcome, done: _Finished, settings: Settings) -> None:
    """Describe (``--diff``) the fixed text, or queue it to be written (``--fix``)."""
    result = done.result
    if outcome.text == source.text:
        return
    try:
        data = source.encode(outcome.text)
    except ValueError as error:  # not encodable, or a notebook whose cells cannot take the text
        result.errors.append(FileError(source.path, "fix-error", f"the fixes were not applied: {error}"))
        return
    if _is_notebook_source(source):
        from gradadvisor.engine import notebook

        result.diff = notebook.diff(source, source.text, outcome.text)
    else:
        result.diff = unified_diff(source.path, source.text, outcome.text)
    result.fixed = outcome.applied
    result.fixed_codes = list(outcome.codes)
    if settings.fix_mode != "fix":
        return  # --diff: nothing written, the findings stand as they are in the file
    result.findings = outcome.findings
    done.final = outcome.text
    done.data = data


def _write_all(writes: list[tuple[int, str, bytes]], jobs: int | None) -> dict[int, str]:
    """Write the fixed files atomically, in worker processes (which, unlike this one, clean up
    after themselves when the scan is killed mid-write); with ``--jobs 1``, here. Returns the
    failures: index -> reason."""
    jobs = jobs or os.cpu_count() or 1
    failures: dict[int, str] = {}
    if jobs <= 1:
        for index, path, data in writes:
            error = _write_in_worker((index, path, data))
            if error is not None:
                failures[index] = error
        return failures
    with WorkerPool(min(jobs, len(writes))) as pool:
        for (index, _, _), error in zip(writes, pool.map(_write_in_worker, writes)):
            if error is not None:
                failures[index] = error
    return failures


def _write_in_worker(item: tuple[int, str, bytes]) -> str | None:
    _, path, data = item
    try:
        write_atomically(Path(path), data)
    except OSError as error:
        return error.strerror or str(error)
    return None


# -- the cache --------------------------------------------------------------------------------


def _cache_key(path: Path) -> str:
    return os.path.abspath(path)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return (-1, -1)
    return (info.st_size, info.st_mtime_ns)


def _token(path: Path, display: str, settings: Settings, cache: Cache) -> tuple[str, tuple[int, int], str, str]:
    """``(cache key, stamp, fingerprint, digest)`` of a file. As git's index does, an unchanged
    size and modification time stand for unchanged bytes (the digest stored with them); any
    other file is read and hashed. An unreadable file's digest says so (phase 1 reports it)."""
    key = _cache_key(path)
    fingerprint = settings.fingerprint(display, key)
    stamp = _stamp(path)
    token = cache.digest_if_unchanged(key, stamp, fingerprint)
    if token is None:
        data = read_bytes(path, display, settings.max_file_size)
        from gradadvisor.engine.cache import digest

        token = f"unreadable:{data.kind}:{data.message}" if isinstance(data, FileError) else digest(data, fingerprint)
    return key, stamp, fingerprint, token


#: A context file's summary-only phase 1 is cached under its path and this suffix (its full
#: phase 1, under the bare path, is for the scans that report its findings).
CONTEXT_KEY = "::context"


def _context_token(path: Path, display: str, settings: Settings, summaries: Settings, cache: Cache) -> tuple[str, tuple[int, int], str, str]:
    """The token of a context file: its full phase 1 when the cache holds it for these settings
    and these bytes, else its summary-only phase 1 (``CONTEXT_KEY``, with the ``summaries``
    settings). Read at most once."""
    key = _cache_key(path)
    full = settings.fingerprint(display, key)
    stamp = _stamp(path)
    found = cache.digest_if_unchanged(key, stamp, full)
    if found is not None:
        return key, stamp, full, found
    summary = summaries.fingerprint(display, key)
    found = cache.digest_if_unchanged(key + CONTEXT_KEY, stamp, summary)
    if found is not None:
        return key + CONTEXT_KEY, stamp, summary, found
    from gradadvisor.engine.cache import digest

    data = read_bytes(path, display, settings.max_file_size)
    if isinstance(data, FileError):
        return key + CONTEXT_KEY, stamp, summary, f"unreadable:{data.kind}:{data.message}"
    entry = cache.index.get(key)
    if entry is not None and entry.fingerprint == full and entry.digest == digest(data, full):
        return key, stamp, full, entry.digest
    return key + CONTEXT_KEY, stamp, summary, digest(data, summary)


def _cached_phase1(files: list[tuple[Path, str]], tokens, settings: Settings, jobs: int | None, cache: Cache, context_from: int | None = None) -> list[Phase1]:
    """Phase 1 from the cache where the file and its settings are unchanged, else computed (and
    stored). Files from index ``context_from`` on are context: their summary-only phase 1 is
    computed (a cached full one serves too: ``_context_token``)."""
    results: list[Phase1 | None] = [None] * len(files)
    missing: list[int] = []
    for index, (key, _, _, token) in enumerate(tokens):
        found = cache.get(key, token) if not token.startswith("unreadable:") else None
        if isinstance(found, Phase1):
            results[index] = found
        else:
            missing.append(index)
    first_context = len(files) if context_from is None else context_from
    scanned = [index for index in missing if index < first_context]
    computed = _run_phase1([files[index] for index in missing], settings, jobs, context_from=len(scanned))
    for index, result in zip(missing, computed):
        results[index] = result
        key, stamp, fingerprint, token = tokens[index]
        if index >= first_context and not key.endswith(CONTEXT_KEY):
            continue  # a full record listed but lost: never store a summary in its place
        if not token.startswith("unreadable:") and not any(error.kind == "internal-error" for error in result.errors):
            cache.put(key, token, stamp, result, fingerprint)
    return results  # type: ignore[return-value]


# -- the pool ---------------------------------------------------------------------------------

_worker_settings: Settings | None = None


def _init_worker(settings: Settings) -> None:
    global _worker_settings
    _worker_settings = settings
    all_rules()  # import every rule module once per worker


def _phase1_in_worker(item: tuple[str, str, bool]) -> Phase1:
    path, display, context = item
    assert _worker_settings is not None
    return _safe_phase1(Path(path), display, _worker_settings.summaries_only() if context else _worker_settings)


def _safe_phase1(path: Path, display: str, settings: Settings) -> Phase1:
    try:
        return phase1(path, display, settings)
    except RecursionError:
        return Phase1(display, None, [FileError(display, "skipped", "file too complex to analyse (nesting too deep), skipped")])
    except Exception as error:  # noqa: BLE001 - one file's crash must not end the run
        return Phase1(display, None, [FileError(display, "internal-error", f"{type(error).__name__}: {error}")])


def _run_phase1(files: list[tuple[Path, str]], settings: Settings, jobs: int | None, context_from: int | None = None) -> list[Phase1]:
    """Phase 1 of ``files``; those from index ``context_from`` on are context (summaries only)."""
    jobs = jobs or os.cpu_count() or 1
    first_context = len(files) if context_from is None else context_from
    if jobs <= 1 or len(files) < 2 * jobs:
        context_settings = settings.summaries_only()
        return [_safe_phase1(path, display, context_settings if index >= first_context else settings) for index, (path, display) in enumerate(files)]
    # Largest files first, in small chunks: the last files handed out are small, so both
    # workers finish together. Results go back to the input order.
    order = sorted(range(len(files)), key=lambda index: -_size_of(files[index][0]))
    chunksize = max(1, min(16, len(files) // (jobs * 16)))
    results: list[Phase1 | None] = [None] * len(files)
    with WorkerPool(jobs, initializer=_init_worker, initargs=(settings,)) as pool:
        items = [(str(files[index][0]), files[index][1], index >= first_context) for index in order]
        for index, result in zip(order, pool.map(_phase1_in_worker, items, chunksize=chunksize, lost=_lost)):
            results[index] = result
    return results  # type: ignore[return-value]


def _size_of(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _lost(item: tuple[str, str, bool]) -> Phase1:
    """A file a dead worker (a crash in native code, the OOM killer) did not return: an
    internal error; the results already in are kept."""
    display = item[1]
    message = "not checked: a worker process died (a crash in native code, or out of memory) on this file or one near it"
    return Phase1(display, None, [FileError(display, "internal-error", message)])


def summarize(results: Iterable[FileResult]) -> tuple[list[Finding], list[FileError]]:
    findings = [finding for result in results for finding in result.findings]
    errors = [error for result in results for error in result.errors]
    return findings, errors
