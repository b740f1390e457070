"""The sim command: output a reader can use, and one clear Error line (exit 2) for every bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pj_helpers import P84_HANDS, P84_SPARE, P84_TURNUP

from sim import cards as C
from sim import runner as R
from sim.cli import cli
from sim.games import popejoan as pj


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_list_and_rules():
    out = invoke("list")
    assert out.exit_code == 0 and "popejoan" in out.output and "five-pool" in out.output
    out = invoke("rules", "popejoan", "--variant", "five-pool")
    assert out.exit_code == 0
    assert "popejoan(pools=5,dressing=12)" in out.output
    line = next(x for x in out.output.splitlines() if " pools " in x)
    assert "5" in line and "p. 85" in line and line.lstrip().startswith("*")


def test_run_json_schema():
    out = invoke("run", "popejoan", "--variant", "five-pool", "-n", "2000", "--seed", "3", "--format", "json")
    assert out.exit_code == 0, out.output
    d = json.loads(out.stdout)
    for key in (
        "game",
        "variant",
        "rules",
        "players",
        "n",
        "seed",
        "seats",
        "roles",
        "events",
        "elapsed_s",
        "deals_per_s",
        "version",
    ):
        assert key in d
    assert d["rules"]["pools"] == 5 and d["n"] == 2000 and d["seed"] == 3
    assert [s["seat"] for s in d["seats"]] == [0, 1, 2, 3]
    assert {"strategy", "mean", "se", "ci95", "win_rate"} <= set(d["seats"][0])
    assert [r["role"] for r in d["roles"]] == ["dealer", "elder", "2nd", "3rd"]
    assert d["events"]["turnup_pope"]["count"] >= 0 and "rate" in d["events"]["plays"]
    assert "board_left" in d["session_metrics"]


def test_run_table_names_rules_and_seed():
    out = invoke("run", "popejoan", "-n", "1000", "--seed", "99", "--seat-strategy", "2=hold-pope")
    assert out.exit_code == 0, out.output
    assert "popejoan()" in out.output and "seed 99" in out.output and "hold-pope" in out.output
    assert "dealer" in out.output and "elder" in out.output


def test_run_same_seed_same_numbers():
    a = json.loads(invoke("run", "popejoan", "-n", "3000", "--format", "json").stdout)
    b = json.loads(invoke("run", "popejoan", "-n", "3e3", "--format", "json", "--chunk", "7").stdout)
    assert a["seats"] == b["seats"] and a["events"] == b["events"]


def test_trace_stacked_p84_deck_json():
    r = pj.Rules(players=5).validated()
    deck = C.format(pj.deck_from_hands(r, 0, P84_HANDS, P84_SPARE, P84_TURNUP))
    out = invoke("trace", "popejoan", "--players", "5", "--deck", deck, "--format", "json")
    assert out.exit_code == 0, out.output
    t = json.loads(out.stdout)
    for key in (
        "deck",
        "dealer",
        "hands",
        "spare",
        "turnup",
        "board_before",
        "board_after",
        "actions",
        "payments",
        "winner",
        "net",
    ):
        assert key in t
    assert t["winner"] == 1 and t["turnup"] == "7H" and t["hands"][1] == P84_HANDS[1].split()
    assert set(t["actions"][0]) >= {"seat", "play", "stop"}
    assert set(t["payments"][0]) >= {"from", "to", "amount", "reason"}


def test_trace_text_matches_run_deal():
    out = invoke("trace", "popejoan", "--seed", "4", "--deal", "6")
    assert out.exit_code == 0, out.output
    assert "turn-up" in out.output and "winner: seat" in out.output and "payments:" in out.output


BAD = [
    (["run", "pope"], "unknown game 'pope'"),
    (["run", "popejoan", "--variant", "nine-pool"], "unknown variant 'nine-pool'"),
    (["run", "popejoan", "--strategy", "clever"], "unknown strategy 'clever'"),
    (["run", "popejoan", "--seat-strategy", "7=book"], "seat must be 0 to 3"),
    (["run", "popejoan", "--rule", "colour=red"], "unknown rule 'colour'"),
    (["run", "popejoan", "--rule", "pools=6"], "pools must be one of 8 | 5"),
    (["run", "popejoan", "--rule", "split_chances=perhaps"], "true or false"),
    (["run", "popejoan", "-n", "0"], "-n must be at least 1"),
    (["run", "popejoan", "-n", "-10"], "-n must be at least 1"),
    (["run", "popejoan", "-n", "2.5"], "whole number"),
    (["run", "popejoan", "-n", "lots"], "whole number"),
    (["run", "popejoan", "--players", "2"], "3 to 8 players"),
    (["run", "popejoan", "--players", "9"], "3 to 8 players"),
    (["run", "popejoan", "--out", "x.txt"], "--out must end in"),
    (["run", "popejoan", "--resume"], "--resume needs --checkpoint"),
    (["run", "popejoan", "--threads", "100000"], "--threads must be 1 to"),
    (["run", "popejoan", "--metric", "win"], "give --ci-width W with it"),
    (["claims", "-n", "lots"], "--n"),
    (["run", "popejoan", "--bogus"], "No such option"),
    (["trace", "popejoan", "--deck", "9D AS"], "whole Pope Joan pack"),
    (["trace", "popejoan", "--deck", "8D " + " ".join(["AS"] * 50)], "8 of diamonds"),
    (["trace", "popejoan", "--deck", "ZZ"], "not a card"),
    (["trace", "popejoan", "--deal", "-1"], "--deal must be 0 or more"),
    (["rules", "whist"], "unknown game"),
]


@pytest.mark.parametrize("args,message", BAD)
def test_bad_input_is_one_error_line(args, message):
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 2, out.output
    lines = [x for x in out.output.strip().splitlines() if x]
    assert len(lines) == 1 and lines[0].startswith("Error:"), out.output
    assert message in lines[0]
    assert "Traceback" not in out.output


def test_deck_with_a_card_twice():
    cards = C.format(pj.PACK).split()
    cards[5] = cards[6]
    out = invoke("trace", "popejoan", "--deck", " ".join(cards))
    assert out.exit_code == 2 and "more than once" in out.output


def test_ctrl_c_prints_partial_result_and_exits_130(monkeypatch):
    real = R.play_chunk
    calls = {"n": 0}

    def flaky(spec, first, count):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(spec, first, count)

    monkeypatch.setattr(R, "play_chunk", flaky)
    out = invoke("run", "popejoan", "-n", "40000", "--chunk", "1000", "--format", "json")
    assert out.exit_code == 130
    assert "Interrupted" in out.output
    d = json.loads(out.output[out.output.index("{") :])
    assert d["interrupted"] is True and d["n"] == 2000 * 4


def test_compare_table_and_json():
    out = invoke("compare", "popejoan", "standard", "pope-cap-4", "-n", "4000", "--players", "3")
    assert out.exit_code == 0, out.output
    assert "pope-cap-4 - standard" in out.output and "SE indep." in out.output
    out = invoke("compare", "popejoan", "standard", "0=lowest", "-n", "4000", "--format", "json")
    d = json.loads(out.stdout)
    assert d["arms"][1]["strategies"][0] == "lowest" and d["comparisons"][0]["arm"] == "0=lowest"
    assert {"diff", "se", "ci95", "se_independent"} <= set(d["comparisons"][0]["seats"][0])


@pytest.mark.parametrize(
    "args,message",
    [
        (["compare", "popejoan", "standard"], "two or more arms"),
        (["compare", "popejoan", "standard", "nine-pool"], "unknown variant"),
        (["compare", "popejoan", "standard", "players=5"], "same number of players"),
        (["compare", "popejoan", "standard", "0=clever"], "unknown strategy"),
        (["run", "popejoan", "--ci-width", "0"], "--ci-width must be a positive"),
        (["run", "popejoan", "--ci-width", "0.1", "--metric", "luck"], "--metric must be"),
    ],
)
def test_compare_bad_input(args, message):
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 2, out.output
    lines = [x for x in out.output.strip().splitlines() if x]
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0]


def test_an_existing_checkpoint_needs_resume(tmp_path):
    """Forgetting --resume after Ctrl-C must not start the run again over the saved progress."""
    ckpt = tmp_path / "pj.ckpt.json"
    ckpt.write_text("saved progress")
    out = CliRunner().invoke(cli, ["run", "popejoan", "-n", "100", "--checkpoint", str(ckpt)])
    assert out.exit_code == 2 and "already exists: add --resume" in out.output, out.output
    assert ckpt.read_text() == "saved progress"


def test_the_checkpoint_and_the_result_file_must_differ(tmp_path):
    path = str(tmp_path / "pj.json")
    out = CliRunner().invoke(cli, ["run", "popejoan", "-n", "100", "--checkpoint", path, "--out", path])
    assert out.exit_code == 2 and "are the same file" in out.output, out.output


def test_every_command_has_examples_in_its_help():
    """The README promises examples under every sim COMMAND --help."""
    for name in cli.commands:
        out = CliRunner().invoke(cli, [name, "--help"])
        assert out.exit_code == 0 and "Example" in out.output and f"sim {name}" in out.output, name
