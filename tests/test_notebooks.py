"""Jupyter notebooks: code cells scanned as one module, magics masked, findings placed in cells,
and fixes written back into the cells with the rest of the notebook kept byte for byte."""

from __future__ import annotations

import json

import pytest

from conftest import scan_json, write
from gradadvisor.engine import notebook
from gradadvisor.engine.notebook import NotebookWriteError
from gradadvisor.engine.source import FileError


def _cell(source, *, kind="code", outputs=None, count=None, metadata=None, cell_id=None):
    cell = {"cell_type": kind, "id": cell_id or f"c{abs(hash(str(source))) % 10**8:08d}", "metadata": metadata or {}, "source": source}
    if kind == "code":
        cell["execution_count"] = count
        cell["outputs"] = outputs or []
    return cell


def _notebook(cells, **metadata) -> dict:
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "name": "python", "version": "3.11.7"},
            **metadata,
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


STREAM = {"name": "stdout", "output_type": "stream", "text": ["Requirement already satisfied: jax in ./.venv (0.4.30)\n"]}
RESULT = {
    "data": {"text/plain": ["Array([1., 2.], dtype=float32)"], "text/html": ["<pre>Array([1., 2.])</pre>"]},
    "execution_count": 3,
    "metadata": {},
    "output_type": "execute_result",
}
IMAGE = {"data": {"image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==\n", "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {"needs_background": "light"}, "output_type": "display_data"}

#: A notebook as Jupyter writes it: markdown, outputs, execution counts, magics of every kind.
FIT_CELLS = [
    _cell(["# Fitting a model\n", "The loss below is *slow* to differentiate — on purpose."], kind="markdown"),
    _cell(["%matplotlib inline\n", "!pip install -q jax\n", "import jax\n", "import jax.numpy as jnp"], outputs=[STREAM], count=1),
    _cell(
        ["files = !ls data\n", "a = b = jnp.ones((64, 8)); x = jnp.ones(32)\n", "@jax.jit\n", "def f():\n", "    d = jnp.diag(a.T @ b)\n", "    return d + sum(jnp.exp(-xi) for xi in x)"],
        outputs=[RESULT],
        count=3,
        metadata={"tags": ["model"], "collapsed": False},
    ),
    _cell("%%bash\necho jnp.diag(a.T @ b)\n", count=4),
    _cell(["%%timeit -n 3\n", "e = jnp.trace(a @ b.T)\n"], outputs=[IMAGE], count=5),
    _cell(["f?\n", "jnp.diag(a.T @ b)  # noqa: GA202\n"], count=None),
]


def _dump(document: dict, *, indent=1, sort_keys=True, ensure_ascii=False, newline=True) -> bytes:
    text = json.dumps(document, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii)
    return (text + ("\n" if newline else "")).encode("utf-8")


@pytest.fixture
def fit(tmp_path):
    return write(tmp_path / "fit.ipynb", _dump(_notebook(FIT_CELLS)))


# -- notebook.py: the text, the line map, writing back ------------------------------------


def test_load_joins_code_cells_and_masks_ipython_syntax_line_for_line():
    nb = notebook.load("fit.ipynb", _dump(_notebook(FIT_CELLS)))
    assert not isinstance(nb, FileError)
    lines = nb.text.splitlines()
    # cell 1 (4 lines), cell 2 (6), cell 3 is %%bash: no lines, cell 4 (2), cell 5 (2)
    assert len(lines) == 4 + 6 + 2 + 2
    assert [cell.number for cell in nb.cells] == [1, 2, 3, 4, 5]  # markdown cells are not counted
    assert [cell.python for cell in nb.cells] == [True, True, False, True, True]
    assert lines[0] == lines[1] == "pass  # ipython magic"  # %matplotlib, !pip
    assert lines[2:4] == ["import jax", "import jax.numpy as jnp"]
    assert lines[4] == "pass  # ipython magic"  # files = !ls data
    assert lines[8] == "    d = jnp.diag(a.T @ b)"  # unchanged: columns stay right
    assert lines[10] == "pass  # ipython magic"  # %%timeit, a cell magic that runs Python
    assert lines[11] == "e = jnp.trace(a @ b.T)"
    assert lines[12] == "pass  # ipython magic"  # f?
    assert "echo" not in nb.text
    compile(nb.text, "fit.ipynb", "exec")  # the masked text is Python


@pytest.mark.parametrize(
    "line, expected",
    [(1, (1, 1)), (4, (1, 4)), (5, (2, 1)), (9, (2, 5)), (10, (2, 6)), (11, (4, 1)), (12, (4, 2)), (13, (5, 1))],
)
def test_locate_maps_text_lines_to_cells(line, expected):
    nb = notebook.load("fit.ipynb", _dump(_notebook(FIT_CELLS)))
    cell, line_in_cell, column = nb.locate(line, 7)
    assert (cell, line_in_cell) == expected and column == 7


@pytest.mark.parametrize(
    "source, masked",
    [
        ("    %time y = f(x)\n", ["    pass  # ipython magic"]),  # a line magic in a block keeps its indentation
        ("a, b = %sx ls\n", ["pass  # ipython magic"]),
        ("!ls \\\n  -la\n", ["pass  # ipython magic", "# ipython magic (continued)"]),
        ("pip install jax\n", ["pass  # ipython magic"]),  # automagic
        ("jnp.einsum??\n", ["pass  # ipython magic"]),
        ("x = 1  # is this right?\n", ["x = 1  # is this right?"]),  # a comment is not help
        ('s = """\n%not a magic\n!nor this\n"""\n', ['s = """', "%not a magic", "!nor this", '"""']),
        ("y = f(a,\n      !b)\n", ["y = f(a,", "      !b)"]),  # inside brackets: Python's business
        ('x = "!" + "%"\n', ['x = "!" + "%"']),
        ("x = a % b\n", ["x = a % b"]),
    ],
)
def test_masking(source, masked):
    nb = notebook.load("m.ipynb", _dump(_notebook([_cell(["if True:\n", source] if source.startswith("    ") else source)])))
    lines = nb.text.splitlines()
    assert lines[-len(masked) :] == masked


@pytest.mark.parametrize("magic, python", [("%%time", True), ("%%capture out", True), ("%%bash", False), ("%%writefile x.py", False), ("%%html", False)])
def test_cell_magics(magic, python):
    nb = notebook.load("m.ipynb", _dump(_notebook([_cell(f"{magic}\nd = jnp.diag(a.T @ b)\n")])))
    assert nb.cells[0].python is python
    assert ("jnp.diag" in nb.text) is python


def test_nothing_changed_dumps_the_same_bytes():
    for options in ({}, {"indent": 2, "sort_keys": False}, {"ensure_ascii": True}, {"newline": False}, {"indent": None}):
        data = _dump(_notebook(FIT_CELLS), **options)
        nb = notebook.load("fit.ipynb", data)
        assert notebook.dump(nb, nb.text) == data


@pytest.mark.parametrize("options", [{}, {"indent": 2, "sort_keys": False}, {"ensure_ascii": True}, {"newline": False}, {"indent": None}])
def test_dump_rewrites_only_the_changed_cell_sources(options):
    document = _notebook(FIT_CELLS)
    data = _dump(document, **options)
    nb = notebook.load("fit.ipynb", data)
    new_text = nb.text.replace("jnp.diag(a.T @ b)\n    return", 'jnp.einsum("ij,ij->j", a, b)\n    return')
    out = notebook.dump(nb, new_text)
    expected = json.loads(data)
    expected["cells"][2]["source"][4] = '    d = jnp.einsum("ij,ij->j", a, b)\n'
    assert json.loads(out) == expected  # outputs, metadata, other cells: all as they were
    # ... and the bytes around the changed line are the original bytes.
    before, after = data.decode(), out.decode()
    prefix = before.index("jnp.diag(a.T @ b)\\n\"")
    assert after[:prefix] == before[:prefix]
    assert after.endswith(before[before.index("jnp.diag(a.T @ b)\\n\"") + len("jnp.diag(a.T @ b)\\n\"") :])
    assert after.endswith("\n") is options.get("newline", True)


def test_dump_keeps_a_string_source_a_string():
    document = _notebook([_cell("import jax.numpy as jnp\nd = jnp.diag(a.T @ b)")])
    nb = notebook.load("s.ipynb", _dump(document))
    out = json.loads(notebook.dump(nb, nb.text.replace("diag(a.T @ b)", "einsum('ij,ij->j', a, b)")))
    assert out["cells"][0]["source"] == "import jax.numpy as jnp\nd = jnp.einsum('ij,ij->j', a, b)"  # no newline added


def test_inserted_lines_go_to_the_end_of_the_cell_before_them():
    document = _notebook([_cell(["%load_ext autoreload\n", "import jax.numpy as jnp\n"]), _cell(["y = jnp.ones(3)\n"])])
    nb = notebook.load("i.ipynb", _dump(document))
    new = nb.text.replace("import jax.numpy as jnp\n", "import jax.numpy as jnp\nimport jax\n")
    cells = json.loads(notebook.dump(nb, new))["cells"]
    assert cells[0]["source"] == ["%load_ext autoreload\n", "import jax.numpy as jnp\n", "import jax\n"]
    assert cells[1]["source"] == ["y = jnp.ones(3)\n"]


def test_a_change_to_a_magic_line_is_refused():
    nb = notebook.load("m.ipynb", _dump(_notebook([_cell(["for x in xs:\n", "    %time f(x)\n"])])))
    with pytest.raises(NotebookWriteError):
        notebook.dump(nb, "y = jax.vmap(f)(xs)\n")


@pytest.mark.parametrize(
    "data, kind, message",
    [
        (b'{"cells": [', "notebook-error", "not valid notebook JSON"),
        (b"[1, 2]", "notebook-error", "not a Jupyter notebook"),
        (json.dumps({"cells": [], "metadata": {}, "nbformat": 3, "nbformat_minor": 0}).encode(), "notebook-error", "nbformat 3"),
        (json.dumps({"cells": [{"cell_type": "code", "source": 3}], "nbformat": 4}).encode(), "notebook-error", "must be a string"),
        (b'{"cells": [], "nbformat": 4, "x": "\xff"}', "decode-error", "UTF-8"),
        (_dump(_notebook([], kernelspec={"language": "R", "name": "ir"})), "skipped", "not a Python notebook"),
    ],
)
def test_bad_notebooks_are_file_errors(data, kind, message):
    error = notebook.load("bad.ipynb", data)
    assert isinstance(error, FileError)
    assert error.kind == kind and message in error.message


# -- through the command line ---------------------------------------------------------------


def test_text_report_names_the_cell_and_shows_the_cell_as_the_frame(cli, fit):
    result = cli("scan", "fit.ipynb")
    assert result.exit_code == 1
    out = result.stdout
    assert "fit.ipynb:cell 2:5:9: GA202 [*]" in out
    assert "fit.ipynb:cell 2:6:16: GA301 [*]" in out
    assert "fit.ipynb:cell 4:2:5: GA202 [*]" in out  # %%timeit runs its cell as Python
    assert "1 | %%timeit -n 3" in out  # the frame shows the cell as written, magic included
    assert "5 |     d = jnp.diag(a.T @ b)" in out
    assert "decorated with @jax.jit at cell 2, line 3" in out  # contexts speak in cells too
    assert "echo" not in out  # the %%bash cell is not Python
    assert "Found 3 findings in 1 file scanned." in out  # cell 5's finding has a noqa


def test_json_and_sarif_carry_the_cell_and_the_line_within_it(cli, fit):
    _, report = scan_json(cli, "fit.ipynb")
    first = report["findings"][0]
    assert (first["cell"], first["line"], first["column"], first["end_line"], first["end_column"]) == (2, 5, 9, 5, 26)
    assert first["fix"]["diff"].startswith("--- a/fit.ipynb:cell 2\n+++ b/fit.ipynb:cell 2\n")
    sarif = json.loads(cli("scan", "--format", "sarif", "fit.ipynb").stdout)
    result = sarif["runs"][0]["results"][0]
    assert (result["properties"]["cell"], result["properties"]["cellLine"], result["properties"]["cellColumn"]) == (2, 5, 9)
    assert "(cell 2, line 5, column 9)" in result["message"]["text"]


def _file_lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("layout", ["lines", "one-string"])
def test_sarif_gitlab_and_junit_place_notebook_findings_on_lines_of_the_ipynb_file(cli, tmp_path, layout):
    """Code scanning, merge requests and test reports annotate lines of the file: a notebook
    finding's region is the line of the JSON text that holds its code (and, in SARIF, the
    columns of that text), whether the cell's source is a list of lines or one string."""
    cells = [
        _cell(["import jax\n", "import jax.numpy as jnp\n"]),
        _cell("x = 1\n", kind="markdown"),
        _cell(["a = b = jnp.ones((64, 8))\n", "@jax.jit\n", "def f():\n", "    return jnp.diag(a.T @ b)\n"]),
    ]
    if layout == "one-string":
        cells[2]["source"] = "".join(cells[2]["source"])
    path = write(tmp_path / "nb.ipynb", _dump(_notebook(cells), indent=1 if layout == "lines" else None))
    lines = _file_lines(path)
    sarif = json.loads(cli("scan", "--format", "sarif", "nb.ipynb").stdout)
    region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    text = lines[region["startLine"] - 1]
    assert text[region["startColumn"] - 1 : region["endColumn"] - 1] == "jnp.diag(a.T @ b)"
    assert region["endLine"] == region["startLine"]
    gitlab = json.loads(cli("scan", "--format", "gitlab", "nb.ipynb").stdout)
    assert gitlab[0]["location"]["lines"] == {"begin": region["startLine"], "end": region["startLine"]}
    assert "(cell 2, line 4)" in gitlab[0]["description"]
    junit = cli("scan", "--format", "junit", "nb.ipynb").stdout
    assert f'line="{region["startLine"]}"' in junit and "nb.ipynb:cell 2:4:12: GA202" in junit
    if layout == "lines":
        assert "jnp.diag(a.T @ b)" in text and region["startLine"] > 4
    else:
        assert region["startLine"] == 1  # the whole notebook is one line of JSON


def test_a_notebook_syntax_error_is_placed_on_the_ipynb_files_line(cli, tmp_path):
    path = write(tmp_path / "nb.ipynb", _dump(_notebook([_cell(["import jax.numpy as jnp\n"]), _cell(["x = 1\n", "y = (2\n"])])))
    sarif = json.loads(cli("scan", "--format", "sarif", "nb.ipynb").stdout)
    notification = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]
    line = notification["locations"][0]["physicalLocation"]["region"]["startLine"]
    assert '"y = (2' in _file_lines(path)[line - 1]
    assert notification["properties"]["cell"] == 2


def test_a_cell_whose_first_line_is_indented_runs_as_ipython_runs_it(cli, tmp_path):
    """IPython strips the first line's indentation from every line of a cell that starts with
    it (``leading_indent``): such a cell is code, not a syntax error. Columns stay those of the
    cell as written, and a fix keeps the indentation."""
    source = ["    import jax\n", "    import jax.numpy as jnp\n", "    A, B = jnp.ones((64, 8)), jnp.ones((64, 8))\n", "\n",
              "    @jax.jit\n", "    def f(s):\n", "        return s * jnp.diag(A.T @ B)\n"]
    path = write(tmp_path / "nb.ipynb", _dump(_notebook([_cell(source), _cell(["  %time x = 1\n", "  y = x\n"])])))
    nb = notebook.load("nb.ipynb", path.read_bytes())
    compile(nb.text, "nb.ipynb", "exec")
    code, report = scan_json(cli, "nb.ipynb")
    assert report["errors"] == []
    found = report["findings"][0]
    assert (found["code"], found["cell"], found["line"], found["column"]) == ("GA202", 1, 7, 20)
    assert source[6][found["column"] - 1 :].startswith("jnp.diag(")
    assert cli("scan", "--fix", "nb.ipynb").exit_code == 0
    fixed = json.loads(path.read_text())["cells"]
    assert fixed[0]["source"][6] == '        return s * jnp.einsum("ij,ij->j", A, B)\n'
    assert fixed[0]["source"][:6] == source[:6] and fixed[1]["source"] == ["  %time x = 1\n", "  y = x\n"]
    assert cli("scan", "nb.ipynb").exit_code == 0


def test_fix_rewrites_cells_and_keeps_outputs_metadata_and_formatting(cli, fit):
    before = fit.read_bytes()
    result = cli("scan", "--fix", "fit.ipynb")
    assert result.exit_code == 0, result.stdout
    after = fit.read_bytes()
    old, new = json.loads(before), json.loads(after)
    assert new["cells"][2]["source"][4:] == ['    d = jnp.einsum("ij,ij->j", a, b)\n', "    return d + jnp.sum(jnp.exp(-x), axis=0)"]
    assert new["cells"][4]["source"] == ["%%timeit -n 3\n", 'e = jnp.einsum("ij,ij->", a, b)\n']
    for cell in (2, 4):
        old["cells"][cell]["source"] = new["cells"][cell]["source"]
    assert new == old  # nothing else changed
    changed = [line for line in after.decode().splitlines() if line not in before.decode().splitlines()]
    assert len(changed) == 3  # three source lines: the JSON around them is byte for byte the same
    assert cli("scan", "fit.ipynb").exit_code == 0


def test_diff_is_per_cell_and_writes_nothing(cli, fit):
    before = fit.read_bytes()
    result = cli("scan", "--diff", "fit.ipynb")
    assert result.exit_code == 1
    assert fit.read_bytes() == before
    assert "--- a/fit.ipynb:cell 2\n+++ b/fit.ipynb:cell 2\n" in result.stdout
    assert "--- a/fit.ipynb:cell 4\n+++ b/fit.ipynb:cell 4\n" in result.stdout
    assert "\n-    d = jnp.diag(a.T @ b)\n" in result.stdout and '\n+    d = jnp.einsum("ij,ij->j", a, b)\n' in result.stdout


def test_an_added_import_lands_in_the_import_cell(cli, tmp_path):
    cells = [
        _cell(["import equinox as eqx\n", "import jax.numpy as jnp"], count=1),
        _cell(
            ["@eqx.filter_jit\n", "def per_example(model, xs):\n", "    grad_fn = eqx.filter_grad(loss)\n",
             "    return jnp.stack([grad_fn(model, xs[i]) for i in range(len(xs))])\n"],
            count=2,
        ),
    ]
    path = write(tmp_path / "eqx.ipynb", _dump(_notebook(cells)))
    result = cli("scan", "--fix", "--unsafe-fixes", "eqx.ipynb")
    assert result.exit_code == 0, result.stdout
    fixed = json.loads(path.read_text())["cells"]
    # libcst leaves a blank line after the imports: it stays in the import cell
    assert fixed[0]["source"] == ["import equinox as eqx\n", "import jax.numpy as jnp\n", "import jax\n", "\n"]
    assert fixed[1]["source"][-1] == "    return jax.vmap(grad_fn, in_axes=(None, 0))(model, xs)\n"


def test_bad_notebooks_are_reported_and_the_run_goes_on(cli, tmp_path, fit):
    write(tmp_path / "broken.ipynb", b'{"cells": [\n  {"cell_type": "code",,}\n]}')
    write(tmp_path / "old.ipynb", json.dumps({"cells": [], "metadata": {}, "nbformat": 3, "nbformat_minor": 0}))
    write(tmp_path / "syntax.ipynb", _dump(_notebook([_cell("import jax.numpy as jnp\n"), _cell(["d = jnp.diag(a.T @ b)\n", "def f(:\n"])])))
    code, report = scan_json(cli, ".")
    assert code == 1
    errors = {error["path"]: error for error in report["errors"]}
    assert errors["broken.ipynb"]["kind"] == "notebook-error" and errors["broken.ipynb"]["line"] == 2
    assert "nbformat 3" in errors["old.ipynb"]["message"]
    assert (errors["syntax.ipynb"]["kind"], errors["syntax.ipynb"]["cell"], errors["syntax.ipynb"]["line"]) == ("syntax-error", 2, 2)
    assert {finding["path"] for finding in report["findings"]} == {"fit.ipynb"}
    text = cli("scan", "syntax.ipynb").stdout
    assert "syntax.ipynb:cell 2:2:7: syntax-error" in text


def test_notebooks_are_found_in_folders_unless_include_says_otherwise(cli, tmp_path, fit):
    write(tmp_path / "sub" / "deep.ipynb", fit.read_bytes())
    write(tmp_path / "script.pyw", "import jax.numpy as jnp\na = b = jnp.ones((9, 9))\nd = jnp.diag(a.T @ b)\n")
    _, report = scan_json(cli, ".")
    assert {f["path"] for f in report["findings"]} == {"fit.ipynb", "sub/deep.ipynb"}
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\ninclude = ["*.py"]\n')
    _, report = scan_json(cli, ".")
    assert report["findings"] == [] and report["files"] == 0
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\nextend-include = ["*.pyw"]\n')
    _, report = scan_json(cli, ".")
    assert {f["path"] for f in report["findings"]} == {"fit.ipynb", "sub/deep.ipynb", "script.pyw"}
    # a file named on the command line is scanned whatever include says
    write(tmp_path / "pyproject.toml", '[tool.gradadvisor]\ninclude = ["*.py"]\n')
    _, report = scan_json(cli, "fit.ipynb")
    assert report["files"] == 1 and report["findings"]


def test_notebook_on_stdin_with_fix_prints_the_fixed_notebook(cli, fit):
    from click.testing import CliRunner

    from gradadvisor.cli import main

    data = fit.read_bytes()
    result = CliRunner().invoke(main, ["scan", "--fix", "--stdin-filename", "fit.ipynb", "-"], input=data)
    assert result.exit_code == 0, result.stderr
    fixed = json.loads(result.stdout_bytes)
    assert "jnp.einsum" in "".join(fixed["cells"][2]["source"])
    assert fit.read_bytes() == data  # the file itself is not touched


def test_a_notebook_of_a_modules_code_gets_the_same_findings_and_fixes_as_the_module(cli, tmp_path):
    """Each catalog file, and a notebook holding the same code cut into cells at its top-level
    blocks: the same findings (messages included), and after --fix the cells hold the fixed file."""
    from pathlib import Path

    patterns = Path(__file__).resolve().parent.parent / "patterns"
    for source in sorted(patterns.glob("*.py")):
        text = source.read_text()
        parts = text.split("\n\n\n")
        cells = [_cell((part + "\n\n\n" if index < len(parts) - 1 else part).splitlines(True), count=index + 1)
                 for index, part in enumerate(parts)]
        write(tmp_path / source.name, text)
        write(tmp_path / f"{source.stem}.ipynb", _dump(_notebook(cells)))
    _, report = scan_json(cli, "--select", "ALL", ".")
    as_module = sorted((f["path"][: -len(".py")], f["code"], f["message"]) for f in report["findings"] if f["path"].endswith(".py"))
    as_notebook = sorted((f["path"][: -len(".ipynb")], f["code"], f["message"]) for f in report["findings"] if f["path"].endswith(".ipynb"))
    assert len(as_module) >= 6 and as_notebook == as_module
    cli("scan", "--select", "ALL", "--fix", "--unsafe-fixes", ".")
    changed = 0
    for source in sorted(patterns.glob("*.py")):
        fixed = (tmp_path / source.name).read_text()
        cells = json.loads((tmp_path / f"{source.stem}.ipynb").read_text())["cells"]
        assert "".join("".join(cell["source"]) for cell in cells) == fixed, source.name
        changed += fixed != source.read_text()
    assert changed >= 5


def test_masking_never_touches_valid_python():
    """A one-cell notebook of any valid Python file reads as that file, line for line: strings,
    comments, brackets, `?` and `%` in code, `cd = ...` are never taken for IPython syntax."""
    import sysconfig
    from pathlib import Path

    project = Path(__file__).resolve().parent.parent
    stdlib = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[:80]
    files = [*sorted((project / "gradadvisor").rglob("*.py")), *sorted((project / "tests").rglob("*.py")), *stdlib]
    checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            compile(text, str(path), "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        nb = notebook.load("x.ipynb", _dump(_notebook([_cell(text.splitlines(True))])))
        assert nb.text == (text if not text or text.endswith("\n") else text + "\n"), path
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("ensure_ascii", [False, True])
def test_file_position_follows_the_json_layout_of_the_source(ensure_ascii):
    """A line split across list items, escapes (quotes, tabs, non-ASCII written as \\uXXXX) and a
    last line without a line break: the position is that of the character in the file."""
    source = ['a = 1\n', 'b = "é\\t"; c = ', 'jnp.diag(x.T @ y)\n', 'z = q']
    path_text = _dump(_notebook([_cell("import jax.numpy as jnp\n"), _cell(source)]), ensure_ascii=ensure_ascii).decode()
    nb = notebook.load("nb.ipynb", path_text.encode())
    lines = path_text.splitlines()

    def at(cell, line, column):
        file_line, file_column = nb.file_position(cell, line, column)
        return lines[file_line - 1][file_column - 1 :]

    assert at(2, 1, 1).startswith("a = 1")
    assert at(2, 2, 1).startswith('b = \\"')
    assert at(2, 2, 10).startswith("; c = ")  # after the string with its escapes
    assert at(2, 2, 16).startswith("jnp.diag(x.T @ y)")  # the next list item holds the rest of the line
    assert at(2, 3, 5).startswith("q")
    assert at(2, 3, 6).startswith('"')  # past the end of the last line: the end of its text
    assert at(1, 1, 8).startswith("jax.numpy")
