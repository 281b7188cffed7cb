"""The README's Python examples run as written."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 3


def test_readme_examples_run():
    for block in BLOCKS:
        exec(compile(block, "README.md", "exec"), {})
