"""Every table of run, compare and tune says a net in the game's own unit and per its own deal word, as
``sim fairness`` does: Pope Joan's counters per deal, Pool Commerce's sixths of a stake per game, Snip-Snap-Snorum's
counters per game (one run "deal" of it is a whole game). The words come from the game's contract
(``unit(rules)``, ``deal_word(rules)``), and a run's JSON and CSV carry them as ``unit`` and ``per``."""

from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from sim import api, charts, fair, games, runner  # noqa: E402
from sim.cli import cli  # noqa: E402
from sim.results import RESULT_COLUMNS, Result, units  # noqa: E402


def invoke(*args: str) -> str:
    out = CliRunner().invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())  # rich wraps long lines at 110 columns


# ------------------------------------------------------------------ the words, from the contract alone


@pytest.mark.parametrize("game", list(games.GAMES))
def test_words_come_from_the_contract_for_every_variant(game):
    """``units`` says what ``sim fairness`` says, from a run's rules (a file written before the words were)."""
    module = games.load(game)
    for variant in module.VARIANTS:
        r = runner.make_rules(module, variant, None, [])
        expected = (fair.unit_word(module, r), fair.deal_word(module, r))
        assert units({"game": game, "rules": dict(r._asdict())}) == expected


def test_the_words_of_the_games_that_count_otherwise():
    pool = runner.make_rules(games.load("commerce"), "pool", None, [])
    assert units({"game": "commerce", "rules": dict(pool._asdict())}) == ("sixths of a stake", "game")
    for game, words in [("commerce", ("counters", "deal")), ("popejoan", ("counters", "deal")),
                        ("snipsnap", ("counters", "game")), ("cassino", ("points", "game"))]:  # fmt: skip
        r = runner.make_rules(games.load(game), "standard", None, [])
        assert units({"game": game, "rules": dict(r._asdict())}) == words
    speculation = runner.make_rules(games.load("speculation"), "standard", None, [])
    assert units({"game": "speculation", "rules": dict(speculation._asdict())})[1] == "deal"


# ------------------------------------------------------------------ sim run


def test_popejoan_run_table_says_counters_per_deal():
    text = invoke("run", "popejoan", "-n", "400", "--seed", "2")
    assert "400 deals (" in text and "deals/s" in text
    assert "Net = counters won (+) or lost (-) per deal" in text
    assert "net/deal" in text and "wins/deal" in text and "per deal" in text
    assert "net/game" not in text and "per game" not in text


def test_commerce_run_table_says_counters_per_deal():
    text = invoke("run", "commerce", "-n", "400", "--seed", "2")
    assert "Net = counters won (+) or lost (-) per deal" in text and "net/deal" in text
    assert "sixths" not in text and "net/game" not in text


def test_pool_commerce_run_table_says_sixths_of_a_stake_per_game():
    text = invoke("run", "commerce", "--variant", "pool", "-n", "200", "--seed", "2")
    assert "200 games (" in text and "games/s" in text
    assert "Net = sixths of a stake won (+) or lost (-) per game" in text
    assert "net/game" in text and "wins/game" in text and "per game" in text
    assert "net/deal" not in text and "per deal" not in text and "counters" not in text
    assert "deals (" not in text and "deals/s" not in text


def test_pool_commerce_by_rule_says_sixths_too():
    """The words follow the rules, not the variant's name: standard Commerce with pool=true is Pool Commerce."""
    text = invoke("run", "commerce", "--rule", "game=old", "--rule", "pool=true", "-n", "200", "--seed", "2")
    assert "Net = sixths of a stake won (+) or lost (-) per game" in text and "net/game" in text


def test_snipsnap_run_counts_games_from_first_line_to_last():
    text = invoke("run", "snipsnap", "-n", "500", "--seed", "2")
    assert "500 games (" in text and "500 deals" not in text
    assert "Net = counters won (+) or lost (-) per game" in text
    assert "net/game" in text and "wins/game" in text
    assert "net/deal" not in text and "per deal" not in text


def test_run_sweep_header_says_the_games_words():
    text = invoke("run", "snipsnap", "--players", "3-4", "-n", "300", "--seed", "2")
    assert "Net = counters won (+) or lost (-) per game by each role" in text
    assert "300 games" in text and "per deal" not in text and " deals" not in text


# ------------------------------------------------------------------ the files


def test_run_json_and_csv_name_unit_and_deal_word(tmp_path):
    csv = tmp_path / "pool.csv"
    d = json.loads(
        CliRunner()
        .invoke(cli, ["run", "commerce", "--variant", "pool", "-n", "200", "--format", "json", "--out", str(csv)])
        .stdout
    )
    assert d["unit"] == "sixths of a stake" and d["per"] == "game"
    import pandas as pd

    f = pd.read_csv(csv)
    assert set(f["unit"]) == {"sixths of a stake"} and set(f["per"]) == {"game"}
    assert list(f.columns[:11]) == RESULT_COLUMNS and list(f.columns[-2:]) == ["unit", "per"]  # added at the end
    plain = json.loads(invoke_json("run", "popejoan", "-n", "400"))
    assert plain["unit"] == "counters" and plain["per"] == "deal"
    swept = tmp_path / "sweep.csv"  # a file for several player counts says them too
    CliRunner().invoke(cli, ["run", "snipsnap", "--players", "3-4", "-n", "200", "--out", str(swept)])
    f = pd.read_csv(swept)
    assert set(f["players"]) == {3, 4} and set(f["unit"]) == {"counters"} and set(f["per"]) == {"game"}


def invoke_json(*args: str) -> str:
    out = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert out.exit_code == 0, out.output
    return out.stdout


def test_a_file_written_before_the_words_still_reads(tmp_path):
    """A run saved without ``unit`` and ``per`` (as every file before them) loads, and the words come from its
    game and rules."""
    res = api.run("commerce", "pool", n=200, seed=3).results[0]
    path = tmp_path / "old.json"
    res.save(str(path))
    old = Result.load_dict(str(path))
    del old["unit"], old["per"]
    path.write_text(json.dumps(old))
    back = Result.load_dict(str(path))
    assert "unit" not in back and units(back) == ("sixths of a stake", "game")
    meta = {k: v for k, v in res.meta.items() if k not in ("unit", "per")}
    assert Result(res.records, meta, res.sessions).to_dict()["unit"] == "sixths of a stake"


# ------------------------------------------------------------------ sim compare


def test_snipsnap_compare_table_says_counters_per_game():
    text = invoke("compare", "snipsnap", "standard", "turnup-snip", "-n", "300", "--seed", "2")
    assert "on the same 300 games" in text
    assert "diff = arm minus baseline, counters per game" in text
    assert "per deal" not in text and "300 deals" not in text


def test_pool_commerce_compare_table_says_sixths_per_game():
    text = invoke("compare", "commerce", "pool", "pool+pool_prize=1/3", "-n", "200", "--seed", "2")
    assert "diff = arm minus baseline, sixths of a stake per game" in text and "200 games" in text
    assert "counters per deal" not in text and "different units" not in text


def test_popejoan_compare_table_says_counters_per_deal():
    text = invoke("compare", "popejoan", "standard", "five-pool", "-n", "400", "--seed", "2")
    assert "diff = arm minus baseline, counters per deal" in text and "on the same 400 deals" in text


def test_arms_that_count_in_different_units_are_refused():
    """Counters per deal less sixths of a stake per game is no gain or loss in either."""
    out = CliRunner().invoke(cli, ["compare", "commerce", "standard", "pool", "-n", "200"])
    assert out.exit_code == 2, out.output
    assert "must count their nets alike" in out.output and "pool in sixths of a stake per game" in out.output
    out = CliRunner().invoke(
        cli, ["compare", "commerce", "pool", "pool+pool_prize=1/3", "-n", "200", "--format", "json"]
    )
    d = json.loads(out.stdout)
    assert [(a["unit"], a["per"]) for a in d["arms"]] == [("sixths of a stake", "game")] * 2


# ------------------------------------------------------------------ sim tune


def test_snipsnap_tune_table_says_games():
    text = invoke("tune", "snipsnap", "--seat", "0", "--strategy", "careless:p=0..1", "--points", "2", "-n", "300")
    assert "300 games per value, the same games for every value" in text
    assert "net per game of seat 0" in text and "net/game" in text and "counters per game" in text
    assert "net/deal" not in text and "per deal" not in text


def test_pool_commerce_tune_table_says_sixths_of_a_stake_per_game():
    text = invoke(
        "tune", "commerce", "--variant", "pool", "--seat", "1", "--strategy", "threshold:p=0.3..0.9",
        "--points", "2", "-n", "200",
    )  # fmt: skip
    assert "200 games per value" in text and "net/game" in text
    assert "sixths of a stake per game" in text and "(sixths of a stake)" in text
    assert "net/deal" not in text and "deals" not in text


# ------------------------------------------------------------------ charts


def test_pool_commerce_chart_titles_and_axes_say_sixths_per_game():
    res = api.run("commerce", "pool", n=200, seed=3).results[0]
    assert charts.run_title([res]).endswith("what each role wins or loses per game")
    fig = charts.run_figure([res])
    ax = fig.axes[0]
    assert "net sixths of a stake per game" in ax.get_xlabel()
    note = fig.get_supxlabel() if hasattr(fig, "get_supxlabel") else fig._supxlabel.get_text()
    assert "200 games" in note.replace("\n", " ")
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_a_tuning_records_its_words():
    out = CliRunner().invoke(
        cli, ["tune", "commerce", "--variant", "pool", "--seat", "0", "--strategy", "threshold:t=0.3..0.6",
              "--points", "2", "-n", "200", "--format", "json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    d = json.loads(out.stdout)
    assert (d["unit"], d["per"]) == ("sixths of a stake", "game") and "deal" not in d


def test_the_fair_band_is_put_in_stakes_only_where_the_unit_is_a_part_of_one():
    """Pool Commerce's ±0.3 sixths is 0.05 stakes; Cassino's band is 0.05 of its own points, no stakes at all."""
    pool = invoke("fairness", "commerce", "--variant", "pool", "-n", "200")
    assert "±0.3 sixths of a stake per game (0.05 stakes)" in pool
    cassino = invoke("fairness", "cassino", "-n", "200")
    assert "±0.05 points per game." in cassino and "stakes" not in cassino


def test_a_finished_checkpoint_resumed_says_nothing_was_left_to_play(tmp_path):
    ckpt = str(tmp_path / "j.ckpt.json")
    assert CliRunner().invoke(cli, ["run", "jig", "-n", "200", "--checkpoint", ckpt]).exit_code == 0
    text = invoke("run", "jig", "-n", "200", "--checkpoint", ckpt, "--resume")
    assert "none left to play (deals resumed)" in text and " 0 deals/s" not in text
