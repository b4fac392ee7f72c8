"""``gradadvisor profile``: a script, a module and a pytest suite run unchanged, and what it records.

The runs are real subprocesses (``python -m gradadvisor profile -- ...``) with tiny jax
programs; the parsing, joining, diagnosing and SARIF pieces are tested in-process.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import types
from pathlib import Path

import pytest

from gradadvisor.profile import analyze, hooks, records, report
from gradadvisor.profile.runner import CommandError, parse_command
from gradadvisor.trace.diagnose import repeats

pytest.importorskip("jax")

#: An unrolled loop over the 16 samples (marker: loop), a captured 4.4 MB constant (GA401 counts from 4 MB) (marker: const),
#: retraced with three new shapes; it writes a file and exits 3.
PROGRAM = textwrap.dedent('''
    import sys
    import jax
    import jax.numpy as jnp

    TABLE = jnp.ones((1100, 1000))


    def body(w, x):
        return jnp.tanh(x * w[0]) * w[1]


    @jax.jit
    def loss(w, xs):
        outs = jnp.stack([body(w, x) for x in xs])  # marker: loop
        return jnp.sum(outs ** 2) + jnp.sum(TABLE)  # marker: const


    w = jnp.array([0.5, 2.0])
    xs = jnp.linspace(0.0, 1.0, 16)
    print(loss(w, xs))
    print(jax.jit(jax.grad(loss))(w, xs))
    for n in (3, 4, 5):
        print(loss(w, jnp.ones(n)))
    print("stdin:", sys.stdin.read().strip(), "args:", sys.argv[1:])
    with open(sys.argv[1], "w") as out:
        out.write(repr(jax.grad(loss)(w, xs).tolist()))
    sys.exit(3)
''')


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRADADVISOR_")}
    env.update(NO_COLOR="1", PYTHONDONTWRITEBYTECODE="1", JAX_PLATFORMS="cpu")
    # `-- python` and `-- pytest` are looked up on PATH, as in a shell: this interpreter's first
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    return env


def _run(args: list[str], cwd: Path, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=_env(), input=stdin, capture_output=True, text=True, timeout=timeout)


def _profile(args: list[str], cwd: Path, stdin: str = "") -> tuple[subprocess.CompletedProcess, dict]:
    out = cwd / "profile.json"
    done = _run([sys.executable, "-m", "gradadvisor", "profile", "--format", "json", "-o", str(out), *args],
                cwd, stdin)
    return done, json.loads(out.read_text())


def _line(path: Path, marker: str) -> int:
    return next(i for i, text in enumerate(path.read_text().splitlines(), 1) if marker in text)


@pytest.fixture(scope="module")
def script_run(tmp_path_factory: pytest.TempPathFactory):
    """The program run plainly and under profile: (folder, plain run, profiled run, document)."""
    folder, plain_folder = tmp_path_factory.mktemp("script"), tmp_path_factory.mktemp("plain")
    for where in (folder, plain_folder):
        (where / "prog.py").write_text(PROGRAM)
    plain = _run([sys.executable, "prog.py", "out.txt", "--flag"], plain_folder, stdin="hello")
    profiled, document = _profile(["--", "python", "prog.py", "out.txt", "--flag"], folder, stdin="hello")
    assert (folder / "out.txt").read_bytes() == (plain_folder / "out.txt").read_bytes()
    return folder, plain, profiled, document


def test_script_outputs_are_bit_identical_and_the_exit_code_passes_through(script_run):
    folder, plain, profiled, document = script_run
    assert plain.returncode == 3, plain.stderr
    assert profiled.returncode == 3, profiled.stderr
    assert profiled.stdout == plain.stdout
    assert "stdin: hello args: ['out.txt', '--flag']" in profiled.stdout
    assert (folder / "out.txt").stat().st_size > 10  # and bit-identical to the plain run's (the fixture)
    assert profiled.stderr == plain.stderr  # the report went to -o
    assert document["exit_code"] == 3 and document["jaxpr_hook"] is True


def test_unrolled_loop_and_captured_constant_are_diagnosed_at_their_lines(script_run):
    folder, _, _, document = script_run
    by_kind = {(d["kind"], d["line"]): d for d in document["diagnoses"]}
    loop = by_kind.get(("unrolled-loop", _line(folder / "prog.py", "marker: loop")))
    assert loop is not None, document["diagnoses"]
    assert loop["rule"] == "GA101" and loop["path"] == "prog.py"
    assert "16 copies" in loop["evidence"] and "vmap" in loop["rewrite"]
    const = by_kind.get(("captured-constant", _line(folder / "prog.py", "marker: const")))
    assert const is not None and const["rule"] == "GA401", document["diagnoses"]
    # the scanner predicted the loop: confirmed by the run
    confirmed = {(f["code"], f["line"]) for f in document["confirmation"]["confirmed"]}
    assert ("GA101", loop["line"]) in confirmed, document["confirmation"]


def test_programs_retraces_and_lines(script_run):
    folder, _, _, document = script_run
    loss = next(p for p in document["programs"] if p["name"] == "loss")
    assert loss["path"] == "prog.py" and loss["line"] == _line(folder / "prog.py", "def loss") - 1  # its decorator
    # xs of 16, jit(grad) at 16, then 3, 4 and 5 (and, on jax 0.10, the eager grad's linearized and
    # transposed programs)
    assert loss["traced"] in (5, 7)
    assert "new shapes: xs f32[16] -> f32[3]" in loss["retraces"]
    assert any(reason.startswith(analyze.ANOTHER_TRANSFORM) for reason in loss["retraces"])
    assert loss["compile_s"] and loss["compile_s"] > 0
    assert loss["const_bytes"] >= 1100 * 1000 * 4
    retracing = [d for d in document["diagnoses"] if d["kind"] == "retracing"]
    assert retracing and retracing[0]["line"] == loss["line"]
    assert "traced and compiled 4 times under one transformation" in retracing[0]["evidence"]
    loop_line = next(line for line in document["lines"] if "marker: loop" in line["source"])
    assert loop_line["eqns"] > 16 and "unrolled-loop" in loop_line["diagnoses"]
    assert document["jax_internal_programs"]["programs"] >= 1  # jnp.linspace and friends, eagerly


def test_sarif_has_one_result_per_diagnosis(script_run):
    _, _, _, document = script_run
    log = json.loads(report.to_sarif(document))
    results = log["runs"][0]["results"]
    assert len(results) == len(document["diagnoses"])
    rule_ids = [rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]]
    assert "GA101" in rule_ids and "profile/retracing" in rule_ids
    first = results[0]
    assert rule_ids[first["ruleIndex"]] == first["ruleId"]
    assert first["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1
    assert log["runs"][0]["invocations"][0]["exitCode"] == 3


def test_module_run(tmp_path: Path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "main.py").write_text(textwrap.dedent('''
        import sys
        import jax
        import jax.numpy as jnp

        @jax.jit
        def double(x):
            return x * 2

        if __name__ == "__main__":
            print(sys.argv[1:], double(jnp.arange(3.0)))
            raise SystemExit(int(sys.argv[1]))
    '''))
    plain = _run([sys.executable, "-m", "pkg.main", "5"], tmp_path)
    profiled, document = _profile(["--no-scan", "--", "python", "-m", "pkg.main", "5"], tmp_path)
    assert plain.returncode == profiled.returncode == 5
    assert profiled.stdout == plain.stdout == "['5'] [0. 2. 4.]\n"
    assert [p["name"] for p in document["programs"]] == ["double"]
    assert document["programs"][0]["path"] == "pkg/main.py"
    assert document["confirmation"] is None


def test_pytest_suite_run(tmp_path: Path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_tiny.py").write_text(textwrap.dedent('''
        import jax
        import jax.numpy as jnp

        def test_total():
            assert float(jax.jit(lambda x: jnp.sum(x * x))(jnp.ones(3))) == 3.0

        def test_fails():
            assert jax.jit(lambda x: x + 1)(1) == 3
    '''))
    args = ["-q", "-p", "no:cacheprovider", "tests"]
    plain = _run([sys.executable, "-m", "pytest", *args], tmp_path)
    profiled, document = _profile(["--no-scan", "--", "pytest", *args], tmp_path)
    assert plain.returncode == profiled.returncode == 1  # one test fails, with or without profile
    assert "1 failed, 1 passed" in profiled.stdout
    paths = {p["path"] for p in document["programs"]}
    assert paths == {"tests/test_tiny.py"}, document["programs"]


def test_program_that_never_imports_jax(tmp_path: Path):
    done = _run([sys.executable, "-m", "gradadvisor", "profile", "--", "python", "-c", "print('hi')"], tmp_path)
    assert done.returncode == 0 and done.stdout == "hi\n"
    assert "never imported jax" in done.stderr


def test_timeout_stops_the_program_and_keeps_what_was_recorded(tmp_path: Path):
    (tmp_path / "hang.py").write_text(textwrap.dedent('''
        import time
        import jax
        import jax.numpy as jnp
        print(jax.jit(lambda x: x + 1)(jnp.ones(2)), flush=True)
        time.sleep(120)
    '''))
    start = time.monotonic()
    done, document = _profile(["--timeout", "8", "--no-scan", "--", "python", "hang.py"], tmp_path)
    assert time.monotonic() - start < 60
    assert done.returncode == 2
    assert document["timed_out"] is True
    assert [p["name"] for p in document["programs"]] == ["<lambda>"]


def test_ctrl_c_stops_the_program_and_reports(tmp_path: Path):
    (tmp_path / "wait.py").write_text(textwrap.dedent('''
        import time
        import jax
        import jax.numpy as jnp
        print(jax.jit(lambda x: x * 3)(jnp.ones(2)), flush=True)
        time.sleep(120)
    '''))
    out = tmp_path / "profile.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "gradadvisor", "profile", "--format", "json", "-o", str(out), "--no-scan", "--",
         "python", "wait.py"], cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    try:
        assert process.stdout.readline().startswith("[3. 3.]")
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole foreground group
        process.wait(60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    document = json.loads(out.read_text())
    assert document["interrupted"] is True and [p["name"] for p in document["programs"]] == ["<lambda>"]


# -- in-process ----------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "expected"), [
    (["python", "train.py", "--lr", "1"], ("script", "train.py", ("--lr", "1"), ())),
    (["python3", "-u", "-X", "dev", "train.py"], ("script", "train.py", (), ("-u", "-X", "dev"))),
    (["python", "-m", "pkg.main", "a"], ("module", "pkg.main", ("a",), ())),
    (["python", "-mpkg"], ("module", "pkg", (), ())),
    (["python", "-c", "print(1)", "x"], ("code", "print(1)", ("x",), ())),
    (["pytest", "-q", "tests"], ("module", "pytest", ("-q", "tests"), ())),
    (["train.py", "x"], ("script", "train.py", ("x",), ())),
])
def test_parse_command(argv, expected, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "train.py").write_text("")
    target = parse_command(argv)
    assert (target.mode, target.target, target.args, target.options) == expected


@pytest.mark.parametrize("argv", [[], ["ls", "-l"], ["python"], ["python", "missing.py"], ["python", "-"]])
def test_parse_command_refuses(argv, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CommandError):
        parse_command(argv)


def test_usage_errors_exit_2(tmp_path: Path):
    done = _run([sys.executable, "-m", "gradadvisor", "profile", "--", "ls"], tmp_path)
    assert done.returncode == 2 and "not a Python interpreter" in done.stderr
    done = _run([sys.executable, "-m", "gradadvisor", "profile"], tmp_path)
    assert done.returncode == 2 and "Missing argument" in done.stderr


def test_options_after_the_program_are_the_programs(tmp_path: Path):
    (tmp_path / "args.py").write_text("import sys\nprint(sys.argv[1:])\n")
    done = _run([sys.executable, "-m", "gradadvisor", "profile", "--no-scan", "python", "args.py", "--lines", "3",
                 "-o", "x"], tmp_path)
    assert done.returncode == 0 and done.stdout == "['--lines', '3', '-o', 'x']\n", done.stderr
    assert not (tmp_path / "x").exists()


def test_repeats_needs_copies_of_one_body():
    body = {"slice": 16, "squeeze": 16, "mul": 32, "tanh": 16, "concatenate": 1}
    assert repeats(body, sum(body.values()), {16, 2}) == (16, True)
    assert repeats({"add": 15, "mul": 16, "exp": 16}, 47, {16}) == (16, True)  # sum() adds one fewer
    assert repeats({"mul": 600, "slice": 400, "add_any": 398, "scatter": 398}, 1796, {200}) == (200, True)
    assert repeats(body, sum(body.values()), {2}) == (0, False)  # 16 copies, not a size: too few to tell
    assert repeats({"dot_general": 3, "add": 3, "tanh": 2}, 8, {64}) == (0, False)
    assert repeats({"mul": 40, "add": 7, "exp": 9, "log": 5}, 61, {40}) == (0, False)  # not 75% copies


def _program(index: int, in_avals: list[str], out_avals: list[str] | None = None) -> dict:
    return {"kind": "program", "module": "jit(f)", "function": "f", "path": "/x/f.py", "line": 3,
            "internal": False, "arg_names": ["x"], "in_avals": in_avals,
            "in_shapes": [[int(a[4:-1])] for a in in_avals], "out_avals": out_avals or ["f32[]"],
            "eqns": 1, "summary": {"eqns": 0, "const_bytes": 0, "lines": {}}, "thread": 1}


def test_records_join_timings_and_retrace_reasons():
    lines = [
        {"kind": "start", "jax_version": "0.x", "jaxpr_hook": True},
        {"kind": "duration", "event": "trace", "fun_name": "f", "s": 0.5, "thread": 1},
        _program(0, ["f32[3]"]),
        {"kind": "duration", "event": "lower", "fun_name": "jit(f)", "s": 0.25, "thread": 1},
        {"kind": "duration", "event": "compile", "fun_name": "jit(f)", "s": 2.0, "thread": 1},
        _program(1, ["f32[4]"]),
        {"kind": "duration", "event": "compile", "fun_name": "jit(f)", "s": 1.0, "thread": 1},
        _program(2, ["f32[4]"], ["f32[4]"]),
        {"kind": "event", "event": "/jax/compilation_cache/cache_misses"},
        {"kind": "duration", "event": "trace", "fun_name": "g", "s": 0.1, "thread": 1},
    ]
    recording = records.join(lines)
    first, second, third = recording.programs
    assert (first.trace_s, first.lower_s, first.compile_s) == (0.5, 0.25, 2.0)
    assert (second.trace_s, second.compile_s) == (None, 1.0)
    assert recording.unclaimed_s == {"trace": 0.1}
    assert recording.events == {"/jax/compilation_cache/cache_misses": 1}
    [function] = analyze.group_functions(recording.programs)
    assert function.retraces[0] == "new shapes: x f32[3] -> f32[4]"
    assert function.retraces[1].startswith(analyze.ANOTHER_TRANSFORM)
    assert analyze.retrace_reason([first, second], second).startswith("same input types")


def test_records_skip_a_line_cut_short(tmp_path: Path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"kind": "start", "jax_version": "1"}\n{"kind": "program", "mod')
    recording = records.read(str(path))
    assert recording.jax_imported and recording.programs == []


def test_lowering_hook_degrades_when_the_internal_is_missing():
    assert hooks._wrap_lowering(types.SimpleNamespace()) is False
    calls = []
    module = types.SimpleNamespace(lower_jaxpr_to_module=lambda name, jaxpr, *a, **k: calls.append(name) or "ir")
    assert hooks._wrap_lowering(module) is True
    assert hooks._wrap_lowering(module) is False  # never wrapped twice
    assert module.lower_jaxpr_to_module("jit(f)", object(), backend=None) == "ir" and calls == ["jit(f)"]


def test_the_program_dies_with_a_killed_profile(tmp_path: Path):
    (tmp_path / "orphan.py").write_text("import os, time\nprint(os.getpid(), flush=True)\ntime.sleep(120)\n")
    process = subprocess.Popen([sys.executable, "-m", "gradadvisor", "profile", "--no-scan", "--", "python",
                                "orphan.py"], cwd=tmp_path, env=_env(), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        child = int(process.stdout.readline())
        process.kill()
        process.wait(30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        else:
            os.kill(child, signal.SIGKILL)
            pytest.fail("the program outlived profile")
    finally:
        if process.poll() is None:
            process.kill()


#: A parent that compiles nothing itself but runs a loop-unrolling child twice: once with
#: ``subprocess.run([sys.executable, ...])`` and once in a ``multiprocessing`` spawn worker.
CHILD = textwrap.dedent('''
    import jax
    import jax.numpy as jnp


    def loss(w, xs):
        total = 0.0
        for i in range(xs.shape[0]):
            total = total + jnp.sin(w * xs[i])  # marker: child loop
        return total


    def run(n):
        return float(jax.jit(jax.grad(loss))(1.0, jnp.arange(float(n))))


    if __name__ == "__main__":
        print("child", run(24))
''')
PARENT = textwrap.dedent('''
    import multiprocessing
    import subprocess
    import sys

    import child

    if __name__ == "__main__":
        done = subprocess.run([sys.executable, "child.py"], capture_output=True, text=True, check=True)
        print(done.stdout.strip())
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            print("worker", pool.apply(child.run, (24,)))
''')


@pytest.fixture(scope="module")
def subprocess_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("subprocesses")
    (folder / "child.py").write_text(CHILD)
    (folder / "parent.py").write_text(PARENT)
    # An environment's own sitecustomize still runs in the profiled subprocesses (it is chained).
    site = folder / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text("import os\nos.environ['USER_SITECUSTOMIZE_RAN'] = '1'\n")
    return folder


def test_python_subprocesses_are_profiled_too(subprocess_folder):
    plain = _run([sys.executable, "parent.py"], subprocess_folder)
    profiled, document = _profile(["--no-scan", "--", "python", "parent.py"], subprocess_folder)
    assert profiled.returncode == 0, profiled.stderr
    assert profiled.stdout == plain.stdout
    # three processes import jax (the parent, by importing child); two of them compile `loss`
    assert document["processes"] == 3
    (loss,) = [p for p in document["programs"] if p["name"] == "loss"]
    assert loss["traced"] == 2 and loss["retraces"] == []  # once per process is not a retrace
    line = _line(subprocess_folder / "child.py", "marker: child loop")
    assert any(d["kind"] == "unrolled-loop" and d["line"] == line and d["path"].endswith("child.py")
               for d in document["diagnoses"])
    assert not any(d["kind"] == "retracing" for d in document["diagnoses"])


def test_no_subprocesses_profiles_only_the_program_and_leaves_its_environment(subprocess_folder):
    probe = "import os, json; print(json.dumps({k: v for k, v in os.environ.items() if 'GRADADVISOR' in k or k == 'PYTHONPATH'}))"
    plain = _run([sys.executable, "-c", probe], subprocess_folder)
    only, document = _profile(["--no-scan", "--no-subprocesses", "--", "python", "-c", probe], subprocess_folder)
    assert only.stdout == plain.stdout
    _, document = _profile(["--no-scan", "--no-subprocesses", "--", "python", "parent.py"], subprocess_folder)
    # only the parent, which imports jax (through child) and compiles nothing
    assert document["processes"] == 1 and document["programs"] == []


def test_a_sitecustomize_of_the_environment_still_runs_in_profiled_subprocesses(subprocess_folder):
    code = "import os; print(os.environ.get('USER_SITECUSTOMIZE_RAN'))"
    env_path = str(subprocess_folder / "site")
    done = subprocess.run([sys.executable, "-m", "gradadvisor", "profile", "--no-scan", "-o", os.devnull, "--",
                           "python", "-c", code], cwd=subprocess_folder, capture_output=True, text=True,
                          env=dict(_env(), PYTHONPATH=env_path), timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
