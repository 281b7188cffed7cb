"""The start page lists every notebook (issue 27: 14_campaign and 15_balance were missing):
its list is generated from the folder by ``python -m tests.start_page``."""

import nbformat

from tests import start_page


def test_the_start_page_lists_every_notebook():
    names = sorted(p.stem for p in start_page.NOTEBOOKS.glob("*.ipynb"))
    shown = start_page.current()
    assert [n for n in names if f"[{n}]({n}.ipynb)" not in shown] == [], (
        "run `python -m tests.start_page` to list them")
    assert shown == start_page.listing(), "the list is out of date: python -m tests.start_page"


def test_a_new_notebook_is_missing_until_the_list_is_made_again(tmp_path):
    for p in start_page.NOTEBOOKS.glob("0[0-1]_*.ipynb"):
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    start = tmp_path / start_page.START.name
    start_page.rewrite(start)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "# Winnability: how often a day can be won")]), tmp_path / "16_winnability.ipynb")
    assert start_page.current(start) != start_page.listing(tmp_path)
    assert start_page.rewrite(start) and not start_page.rewrite(start)
    assert ("| [16_winnability](16_winnability.ipynb) | Winnability: how often a day can be "
            "won |") in start_page.current(start)
