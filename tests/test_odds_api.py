"""The odds package exposes the calculators under the names the issues promise."""

from fractions import Fraction

from manorkit.blueprince import odds


def test_contract_names_answer():
    assert odds.lock_chance(4) == Fraction(1, 6)
    assert odds.deck_at_least("dig", "Key", 3) == odds.deck_at_least("dig", "Key", 3, k=1)
    assert 0 < odds.draft("Master Bedroom") < 1
    assert odds.draft("Master Bedroom", redraws=2) > odds.draft("Master Bedroom")
    assert odds.item_offered_by_visit("Shovel", 7) == 1


def test_every_exported_name_exists():
    assert all(callable(getattr(odds, name)) for name in odds.__all__)


def test_importing_the_odds_loads_neither_pandas_nor_altair():
    # Heavy libraries load where they are used: a DataFrame, a chart (issue: import time).
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; import manorkit.blueprince.odds as odds; odds.draft('Vault'); "
            "odds.deck_at_least('dig', 'Key', 3); odds.locks([4, 5]); "
            "print(sorted({'pandas', 'altair'} & set(sys.modules)))")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=root, env={"PYTHONPATH": str(root)}, check=True).stdout
    assert out.strip() == "[]"
