"""The fairness check: each role's edge over the others, its interval from per-session differences, the verdicts,
the host's line, and ``sim run`` showing only the events its rules allow."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

from sim import fair, games, runner
from sim.cli import cli
from sim.games._common import COL_NET_ROLE
from sim.stats import Sums, session_mean_se


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def jig_run():
    spec = runner.make_spec("jig", "pool", n=2400, players=4, seed=5)
    return spec, runner.run(spec, chunk_sessions=64)


def test_the_edge_is_the_role_net_minus_the_mean_of_the_others(jig_run):
    _, result = jig_run
    f = result.frame
    net = f[(f["metric"] == "net") & f["role"].notna()].set_index("role")["mean"]
    edge = f[f["metric"] == "edge"].set_index("role")["mean"]
    for role in net.index:
        assert edge[role] == pytest.approx(net[role] - net.drop(role).mean(), abs=1e-12)


def test_the_edge_interval_comes_from_each_sessions_difference(jig_run):
    """The SE is the spread of (role - mean of the others) per session, not the roles' SEs combined as independent
    (roles of one deal are negatively correlated: that would be wrong)."""
    spec, result = jig_run
    n, dps = spec.rules.players, spec.deals_per_session
    rows = runner.play_chunk(spec, 0, spec.sessions)
    roles = rows[:, COL_NET_ROLE : COL_NET_ROLE + n].astype(float)
    check = fair.fairness(result)
    for k, r in enumerate(check.roles):
        d = (roles[:, k] - np.delete(roles, k, axis=1).mean(axis=1)) / dps
        assert r.edge == pytest.approx(d.mean(), abs=1e-12)
        assert r.se == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)), rel=1e-9)
        assert r.hi - r.edge == pytest.approx(fair.Z99 * r.se)
    naive = [
        math.sqrt(roles[:, k].var(ddof=1) + np.delete(roles, k, axis=1).mean(axis=1).var(ddof=1)) for k in range(n)
    ]
    assert any(abs(r.se - v / dps / math.sqrt(len(rows))) > 0.05 * r.se for r, v in zip(check.roles, naive))


def test_edges_are_identical_on_any_chunk_size():
    spec = runner.make_spec("jig", "standard", n=1500, players=5, seed=9)
    a = runner.run(spec, chunk_sessions=7)
    b = runner.run(spec, chunk_sessions=300)
    assert a.frame.equals(b.frame)
    assert ((a.frame["metric"] == "edge") & a.frame["role"].notna()).sum() == 5
    assert ((a.frame["metric"] == "edge") & a.frame["seat"].notna()).sum() == 5


def test_edge_columns_are_exact_when_role_totals_are_huge():
    """n * role - sum(roles) would wrap in int64 for totals near 2**62: the columns switch to exact integers."""
    width = runner.row_width(games.load("jig"))
    rows = np.zeros((3, width), dtype=np.int64)
    big = 2**61 + 12345
    rows[:, COL_NET_ROLE : COL_NET_ROLE + 3] = [[big, -big, 0], [-big, 0, big], [7, -3, -4]]
    out = runner.with_edges(rows, 3)
    edges = out[:, width : width + 3]
    for i in range(3):
        r = [int(x) for x in rows[i, COL_NET_ROLE : COL_NET_ROLE + 3]]
        assert [int(x) for x in edges[i]] == [3 * x - sum(r) for x in r]
    acc = Sums(out.shape[1])
    acc.add(out)
    assert int(acc.s1[width]) == sum(
        3 * int(rows[i, COL_NET_ROLE]) - int(rows[i, COL_NET_ROLE : COL_NET_ROLE + 3].sum()) for i in range(3)
    )
    mean, se = session_mean_se(acc.s1, acc.s2, 3, 2)
    assert np.isfinite(se[width])


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        (-0.04, 0.049, "fair"),
        (0.01, 0.04, "fair"),  # inside the band even though it excludes zero
        (0.02, 0.09, "gains"),
        (-3.0, -2.5, "loses"),
        (-0.02, 0.07, "unclear"),  # contains zero but reaches past the band: play more
        (float("nan"), float("nan"), "unclear"),
    ],
)
def test_verdicts(lo, hi, expected):
    assert fair.verdict(lo, hi, 0.05) == expected


def _check(edges: list[tuple[str, float, float]], players: int = 4) -> fair.Fairness:
    roles = []
    for role, edge, half in edges:
        lo, hi = edge - half, edge + half
        roles.append(fair.RoleEdge(role, edge, half / fair.Z99, lo, hi, fair.verdict(lo, hi, 0.05)))
    return fair.Fairness(
        "popejoan", "Pope Joan (five-pool)", "five-pool", "popejoan(pools=5,dressing=12)", players, 10**7, 1,
        "counters", "deal", 0.05, roles,
    )  # fmt: skip


def test_the_hosts_line_names_the_biggest_loser_and_gainer():
    line = _check([("dealer", -4.02, 0.05), ("elder", 4.1, 0.05), ("2nd", -0.01, 0.02), ("3rd", 0.02, 0.02)]).summary
    assert line == (
        "Pope Joan (five-pool) with 4 players: the dealer loses 4.02 ± 0.05 counters per deal against the others; "
        "the elder hand gains 4.10."
    )


def test_the_hosts_line_when_every_role_is_fair_or_some_are_unclear():
    fair_line = _check([("dealer", 0.01, 0.02), ("elder", -0.01, 0.02), ("2nd", 0.0, 0.03)], 3).summary
    assert fair_line.startswith("Pope Joan (five-pool) with 3 players: fair to every seat (each role within ±0.03")
    unclear = _check([("dealer", 0.3, 0.5), ("elder", -0.3, 0.5), ("2nd", 0.0, 0.5)], 3).summary
    assert unclear.endswith("3 roles unclear at 10,000,000 deals (play more).")


def test_pool_commerce_counts_the_tolerance_in_sixths_of_a_stake():
    m = games.load("commerce")
    r = runner.make_rules(m, "pool", None, [])
    assert fair.counters_per_stake(m, r) == 6
    assert fair.unit_word(m, r) == "sixths of a stake"
    assert fair.deal_word(m, r) == "game"
    plain = runner.make_rules(m, "standard", None, [])
    assert fair.counters_per_stake(m, plain) == 1 and fair.unit_word(m, plain) == "counters"


def test_titles_name_the_variant_and_the_rules_changed_from_it():
    m = games.load("popejoan")
    assert fair.title(m, "standard", runner.make_rules(m, "standard", 5, [])) == "Pope Joan"
    assert fair.title(m, "five-pool", runner.make_rules(m, "five-pool", 4, [])) == "Pope Joan (five-pool)"
    capped = runner.make_rules(m, "five-pool", 4, ["pope_turnup_cap=4"])
    assert fair.title(m, "five-pool", capped) == "Pope Joan (five-pool, pope_turnup_cap=4)"


# ------------------------------------------------------------------ the command


def test_sim_fairness_gives_the_same_numbers_as_sim_run():
    args = ["jig", "--variant", "pool", "-n", "1200", "--seed", "3", "--no-progress", "--format", "json"]
    check = json.loads(_invoke("fairness", *args).stdout)
    ran = json.loads(_invoke("run", *args).stdout)
    roles = check["checks"][0]["roles"]
    assert [r["role"] for r in roles] == ["dealer", "elder", "2nd", "3rd"]
    for r, plain in zip(roles, ran["roles"]):
        assert r["edge"] == plain["edge"] and r["se"] == plain["edge_se"]
        assert r["verdict"] in ("fair", "gains", "loses", "unclear")
    assert check["level"] == 0.99 and check["tolerance_stakes"] == 0.05
    assert check["checks"][0]["summary"].startswith("Jig (pool) with 4 players: ")


def test_sim_fairness_sweeps_the_players_and_prints_a_line_for_each():
    res = _invoke("fairness", "jig", "-n", "600", "--players", "3-5", "--no-progress")
    assert res.exit_code == 0, res.output
    for p in (3, 4, 5):
        assert f"Jig with {p} players: " in res.output
        assert f"{p} players, " in res.output
    assert "99% CI" in res.output and "verdict" in res.output


@pytest.mark.parametrize("players", ["9-2", "2-4", "x", "3-99"])
def test_sim_fairness_refuses_bad_players_before_playing(players):
    res = _invoke("fairness", "jig", "--players", players)
    assert res.exit_code == 2 and res.output.startswith("Error: "), res.output


# ------------------------------------------------------------------ sim run shows what can happen


def test_five_pool_run_hides_the_compartments_it_has_not():
    res = _invoke("run", "popejoan", "--variant", "five-pool", "-n", "400", "--no-progress")
    assert res.exit_code == 0, res.output
    table = res.output.split("Not shown")[0]
    assert "king_won" not in table and "knave_taken" not in table and "ace_won" in table
    assert "Not shown, as these rules rule them out: king_won" in res.output
    assert res.output.index("Pope Joan (five-pool) with 4 players: ") > res.output.index("Not shown")


def test_standard_run_shows_the_king_and_json_keeps_every_event():
    res = _invoke("run", "popejoan", "-n", "400", "--no-progress")
    assert "king_won" in res.output and "Pope Joan with 4 players: " in res.output
    d = json.loads(_invoke("run", "popejoan", "--variant", "five-pool", "-n", "400", "--format", "json").stdout)
    assert "king_won" in d["events"] and "king_won" in d["impossible_events"]


def _variants():
    for name in games.GAMES:
        m = games.load(name)
        if hasattr(m, "impossible_events"):
            for variant in m.VARIANTS:
                yield name, variant


@pytest.mark.parametrize(("game", "variant"), list(_variants()))
def test_events_the_rules_rule_out_never_happen(game, variant):
    """Each game's impossible_events, checked against play: every variant, a few hundred deals."""
    spec = runner.make_spec(game, variant, n=300 if game != "commerce" or variant != "pool" else 40, seed=2)
    result = runner.run(spec)
    ruled_out = result.meta["impossible_events"]
    counts = result.meta["event_counts"]
    assert all(counts[e] == 0 for e in ruled_out), {e: counts[e] for e in ruled_out if counts[e]}


def _exact_sums(rows, players, minus=None):
    """What the run's sums must be: with_edges and Sums.add in Python integers."""
    out = runner.with_edges(rows.astype(object), players)
    if minus is not None:
        out = out - runner.with_edges(minus.astype(object), players)
    acc = Sums(out.shape[1])
    acc.add(out)
    return acc


def _same(a: Sums, b: Sums) -> bool:
    return a.sessions == b.sessions and list(a.s1) == list(b.s1) and list(a.s2) == list(b.s2)


@pytest.mark.parametrize("players", [3, 4, 8])
def test_a_chunks_sums_by_the_kernel_are_the_exact_sums(players):
    """edge_sums' kernel gives what with_edges and Python integers give: on rows played, on a paired difference,
    and on rows whose squares would wrap int64 (the kernel refuses them; the exact path sums them)."""
    spec = runner.make_spec("jig", "pool", n=4000, players=players, seed=9)
    other = runner.make_spec("jig", "standard", n=4000, players=players, seed=9)
    a = runner.play_chunk(spec, 0, 300)
    b = runner.play_chunk(other, 0, 300)
    assert _same(runner.edge_sums(a, players), _exact_sums(a, players))
    assert _same(runner.edge_sums(b, players, a), _exact_sums(b, players, a))
    for big in (2**29, 2**40 + 1, 2**62, -(2**63)):  # square wraps; past the kernel's bound; near int64's ends
        c = a.copy()
        c[7, COL_NET_ROLE] = big
        assert _same(runner.edge_sums(c, players), _exact_sums(c, players))
        assert _same(runner.edge_sums(a, players, c), _exact_sums(a, players, c))


def test_the_sums_kernel_refuses_what_int64_cannot_hold():
    """The kernel itself says no (rather than wrapping) when a sum of squares could pass 2**62."""
    from sim._moments import edge_moments
    from sim.games._common import COL_NET_SEAT, MAX_SEATS

    rows = np.zeros((4, runner.row_width(games.load("jig"))), dtype=np.int64)
    s1 = np.zeros(rows.shape[1] + 2 * MAX_SEATS, dtype=np.int64)
    s2 = np.zeros_like(s1)
    args = (3, COL_NET_ROLE, COL_NET_SEAT, MAX_SEATS, s1, s2)
    rows[2, COL_NET_SEAT] = 2**28  # edge up to 6 * 2**28: its square * 4 rows passes 2**61
    assert not edge_moments(rows, rows, False, *args)
    rows[2, COL_NET_SEAT] = 2**20
    assert edge_moments(rows, rows, False, *args)
    assert s1[COL_NET_SEAT] == 2**20 and s2[COL_NET_SEAT] == 2**40
