"""Every notebook runs top to bottom, none of its charts needs the network, and none of its
outputs shows a raw repr (issue 14: prose and results, not numpy, Fraction, tuple or NaN)."""

import ast
import asyncio
import copy
import faulthandler
import html
import re
import tempfile
import threading
import time
from pathlib import Path
from queue import Empty

import nbformat
import pytest
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from nbclient import NotebookClient
from nbformat.validator import NotebookValidationError
from traitlets import Type
from traitlets.config import Config

from manorkit.charts import output_needs_network

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


#: Seconds after which a notebook run counts as hung: the longest takes about a minute here.
#: Such a run is abandoned, its kernel killed, and the notebook run once more from a fresh
#: kernel; a run that hangs twice fails with the stacks of this process's threads.
HUNG = 180
#: Seconds a client waits on a socket before it looks again (see :class:`PatientChannel`).
SLICE = 0.5


class PatientChannel(AsyncZMQSocketChannel):
    """A kernel channel that waits for a message in slices of :data:`SLICE` seconds.

    Now and then a client waited forever on a kernel that was idle, its reply sent: the event
    loop missed the socket's wakeup (zmq signals edge-triggered; jupyter_client issue #922,
    nbclient issue #312; seen here twice on one notebook in one run, with TCP and with IPC
    sockets). Looking again every slice turns a missed wakeup into a short delay."""

    async def get_msg(self, timeout: float | None = None) -> dict:
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            left = SLICE if end is None else max(0.0, min(SLICE, end - time.monotonic()))
            if await self.socket.poll(int(left * 1000)):
                return await self._recv()
            if end is not None and time.monotonic() >= end:
                raise Empty


class PatientClient(AsyncKernelClient):
    """The asynchronous kernel client with :class:`PatientChannel` on every socket."""

    shell_channel_class = Type(PatientChannel)
    iopub_channel_class = Type(PatientChannel)
    stdin_channel_class = Type(PatientChannel)
    control_channel_class = Type(PatientChannel)


def ipc(folder: str) -> Config:
    """Kernel settings for sockets that are files in ``folder`` (IPC), not TCP ports (no port
    for the test command's parallel workers to race for), and :class:`PatientClient`."""
    return Config({"KernelManager": {"transport": "ipc", "ip": str(Path(folder) / "kernel"),
                                     "client_factory": PatientClient}})


def run(nb: nbformat.NotebookNode, cwd: Path, hung: float = HUNG) -> nbformat.NotebookNode:
    """``nb`` executed top to bottom in a fresh kernel (in place), its errors raised; a run
    still going after ``hung`` seconds is abandoned and tried once more."""
    stacks = ""
    for _ in range(2):
        work = copy.deepcopy(nb)
        with tempfile.TemporaryDirectory(prefix="kernel-", ignore_cleanup_errors=True) as sockets:
            client = NotebookClient(work, timeout=600, kernel_name="python3",
                                    config=ipc(sockets),
                                    resources={"metadata": {"path": str(cwd)}})
            failed: list[BaseException] = []
            thread = threading.Thread(target=_execute, args=(client, failed), daemon=True)
            thread.start()
            thread.join(hung)
            if thread.is_alive():
                stacks = _stacks()
                _kill(client)
                continue
        if failed:
            raise failed[0]
        nb.clear()
        nb.update(work)
        return nb
    pytest.fail(f"the notebook run hung twice (no end after {hung} s); the threads at the "
                f"second hang:\n{stacks}")


def _execute(client: NotebookClient, failed: list) -> None:
    try:  # (its own event loop, closed with its tasks when the run ends)
        asyncio.run(client.async_execute())
    except BaseException as error:  # (handed to the test's thread)
        failed.append(error)


def _stacks() -> str:
    """Every thread's stack in this process, as faulthandler writes them."""
    with tempfile.TemporaryFile("w+") as out:
        faulthandler.dump_traceback(out, all_threads=True)
        out.seek(0)
        return out.read()


def _kill(client: NotebookClient) -> None:
    """Kill the hung run's kernel process, so that it holds nothing."""
    process = getattr(getattr(client.km, "provisioner", None), "process", None)
    if process is not None and process.poll() is None:
        process.kill()


def network_problems(nb: nbformat.NotebookNode) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            why = output_needs_network(output)
            if why:
                out.append(f"cell {i}: {why}")
    return out


#: Reprs that are never a result a person should read, in any text output.
RAW = re.compile(r"\bnp\.(?:u?int|float|complex|bool|str)\w*\(|\bnp\.(?:True|False)_"
                 r"|\bnumpy\.\w+\(|\bFraction\(|\bmappingproxy\(")
#: The last line of a pandas Series repr.
SERIES_TAIL = re.compile(r"(?:^|\n)(?:Name: .*, )?dtype: \w+\s*$")
#: A missing value printed into an HTML table cell.
MISSING_CELL = re.compile(r"<td[^>]*>\s*(?:NaN|nan|None|NaT|&lt;NA&gt;)\s*</td>")
#: Any HTML table cell, for its text.
CELL = re.compile(r"<td[^>]*>([^<]*)</td>")
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _literal(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def bare_sequence(text: str) -> bool:
    """Whether ``text`` is the whole repr of a tuple (``(True, 42)``) or of a list of numbers
    (``[2, 3]``): what a cell shows when it ends in ``a, b`` instead of a sentence."""
    value = _literal(text.strip())
    if isinstance(value, tuple):
        return True
    return (isinstance(value, list) and bool(value)
            and all(isinstance(v, int | float | complex) for v in value))


def output_reprs(output: dict) -> list[str]:
    """The raw reprs one cell output shows."""
    out = []
    data = dict(output.get("data", {}))
    if output.get("output_type") == "stream":
        data = {"text/plain": output.get("text", "")}
    # text/plain is what a reader sees only when nothing richer (HTML, a widget, a chart) is.
    for mime in ("text/plain", "text/html"):
        text = data.get(mime)
        if text is None or (mime == "text/plain" and len(data) > 1):
            continue
        text = "".join(text) if isinstance(text, list) else text
        out += [f"{mime} shows {found}…" for found in sorted(set(RAW.findall(text)))]
        if mime == "text/html":
            out += [f"an HTML table cell shows {m}"
                    for m in sorted(set(MISSING_CELL.findall(text)))]
            out += [f"an HTML table cell shows the tuple {m.strip()}"
                    for m in sorted(set(CELL.findall(text)))
                    if m.strip().startswith("(")
                    and isinstance(_literal(html.unescape(m.strip())), tuple)]
    plain = data.get("text/plain")
    if output.get("output_type") != "stream" and plain is not None and len(data) == 1:
        plain = "".join(plain)
        if bare_sequence(plain):
            out.append(f"the result is a bare repr {plain[:60]}")
        elif SERIES_TAIL.search(plain):
            out.append(f"the result is a pandas Series repr ({plain.splitlines()[-1]})")
    return out


def raw_reprs(nb: nbformat.NotebookNode) -> list[str]:
    """Every raw repr in ``nb``'s outputs, including those inside its Output widgets."""
    out = [f"cell {i}: {why}" for i, cell in enumerate(nb.cells)
           for output in cell.get("outputs", []) for why in output_reprs(output)]
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model in state.values():
        for output in model.get("state", {}).get("outputs", []) or []:
            out += [f"an Output widget: {why}" for why in output_reprs(output)]
    return out


def test_there_are_notebooks():
    assert {p.name for p in NOTEBOOKS} >= {"00_start_here.ipynb", "01_catalog.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_offline(path: Path):
    nb = run(nbformat.read(path, as_version=4), path.parent)
    assert network_problems(nb) == []
    assert raw_reprs(nb) == []


def test_a_run_that_never_ends_is_tried_twice_then_fails(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import time\n"
        "with open('starts', 'a') as f:\n    f.write('x')\ntime.sleep(600)")])
    with pytest.raises(pytest.fail.Exception, match="hung twice") as failed:
        run(nb, tmp_path, hung=8)
    assert "in _execute" in str(failed.value)  # the stuck client thread's stack
    assert (tmp_path / "starts").read_text() == "xx"  # two fresh kernels, each killed


def test_the_kernel_clients_look_at_their_sockets_again_and_again(tmp_path):
    km = NotebookClient(nbformat.v4.new_notebook(), kernel_name="python3",
                        config=ipc(str(tmp_path))).create_kernel_manager()
    client = km.client()
    assert isinstance(client, PatientClient)
    assert all(isinstance(getattr(client, f"{name}_channel"), PatientChannel)
               for name in ("shell", "iopub", "stdin", "control"))


def _chart_notebook(setup: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import altair as alt\n" + setup +
        "\nalt.Chart(alt.Data(values=[{'a': 1}])).mark_bar().encode(x='a:Q')")])


def test_checker_catches_a_cdn_chart(tmp_path):
    nb = run(_chart_notebook("alt.renderers.enable('html')"), tmp_path)
    assert any("cdn.jsdelivr.net" in p for p in network_problems(nb))


def test_a_vega_lite_v6_mimetype_chart_fails_the_run(tmp_path):
    # JupyterLab 4 renders Vega-Lite only up to v5; nbformat rejects the v6 mimetype output.
    with pytest.raises(NotebookValidationError):
        run(_chart_notebook("alt.renderers.enable('mimetype')"), tmp_path)


def test_checker_flags_a_bare_vega_lite_output():
    output = {"output_type": "display_data",
              "data": {"application/vnd.vegalite.v5+json": {}, "text/plain": "chart"}}
    assert output_needs_network(output)


def test_manorkit_import_makes_charts_offline(tmp_path):
    assert network_problems(run(_chart_notebook("import manorkit"), tmp_path)) == []


def _result(text: str, rich: str | None = None) -> dict:
    data = {"text/plain": text} | ({"text/html": rich} if rich else {})
    return {"output_type": "execute_result", "data": data, "metadata": {}, "execution_count": 1}


@pytest.mark.parametrize("output", [
    _result("np.int64(3)"), _result("[np.float64(0.5), np.float64(0.25)]"),
    _result("Fraction(3, 8)"), _result("(2, 3)"), _result("(True, 42, 'abc')"),
    _result("[1, 2.5]"), _result("table", "<table><tr><td>NaN</td></tr></table>"),
    _result("table", '<table><tr><td style="x">None</td></tr></table>'),
    _result("t", "<table><tr><td>(True, 1)</td></tr></table>"),
    _result("mappingproxy({'steps': 49})"), _result("np.True_"),
    _result("a    1\nb    2\nName: n, dtype: int64"),
    {"output_type": "stream", "name": "stdout", "text": "odds: [Fraction(1, 2)]\n"},
], ids=str)
def test_checker_flags_a_raw_repr(output):
    assert output_reprs(output)


@pytest.mark.parametrize("output", [
    _result("'3/8 (37.5%)'"), _result("['draft north', 'end the day']"), _result("[]"),
    _result("(2, 3)", "<b>a value with its own HTML</b>"),
    _result("t", "<table><tr><td></td><td>Nano</td><td>None of them</td><td>(row)</td>"
                 "<td>4, 5</td></tr></table>"),
    {"output_type": "stream", "name": "stdout", "text": "A Fraction (3/8) of days\n(2, 3)\n"},
], ids=str)
def test_checker_passes_prose_and_results(output):
    assert output_reprs(output) == []


def test_checker_reads_output_widgets():
    nb = nbformat.v4.new_notebook(metadata={"widgets": {WIDGET_STATE: {"state": {"m": {
        "model_name": "OutputModel", "state": {"outputs": [_result("(1, 2)")]}}}}}})
    assert raw_reprs(nb) == ["an Output widget: the result is a bare repr (1, 2)"]


def test_checker_flags_what_a_kernel_shows(tmp_path):
    cells = ["import numpy as np\nnp.int64(3)",
             "import pandas as pd\npd.DataFrame({'a': [1, None]})", "2, 3",
             "from fractions import Fraction\nprint([Fraction(1, 2)])",
             "from manorkit.display import Table\nTable(pd.DataFrame({'a': [1, None]}))",
             "print(f'{2}, {3}')"]
    nb = run(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]),
             tmp_path)
    assert [why.split(":")[0] for why in raw_reprs(nb)] == [f"cell {i}" for i in range(4)]
