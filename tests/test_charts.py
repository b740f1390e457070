"""Charts: written as PNG or SVG, titled in words, units on the axes, a zero line, and no label over another."""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from sim import api, charts, runner  # noqa: E402
from sim.cli import cli  # noqa: E402


@pytest.fixture(scope="module")
def sweep():
    return api.run("jig", "pool", n=800, players="3-5", seed=4)


@pytest.fixture(scope="module")
def comparison():
    return api.compare("jig", ["standard", "pool", "0=lowest"], n=800, players=4, seed=4)


def _texts(fig):
    """Every piece of text drawn in the figure, with its box on the canvas."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    unseen = _ticks_out_of_view(fig)
    out = []
    for t in fig.findobj(matplotlib.text.Text):
        if t.get_visible() and t.get_text().strip() and t.get_alpha() != 0 and id(t) not in unseen:
            out.append((t.get_text(), t.get_window_extent(renderer)))
    return out


def _ticks_out_of_view(fig):
    """The labels of ticks outside their axis's view: matplotlib keeps them (visible, at stale places) but does not
    draw them, so they cannot overlap anything on the canvas."""
    unseen = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            lo, hi = sorted(axis.get_view_interval())
            slack = (hi - lo) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not lo - slack <= tick.get_loc() <= hi + slack:
                    unseen.update({id(tick.label1), id(tick.label2)})
    return unseen


def _assert_no_overlap(fig):
    boxes = _texts(fig)
    clashes = [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes, 2) if ba.overlaps(bb)]
    assert not clashes, clashes[:5]
    width, height = fig.canvas.get_width_height()
    outside = [t for t, b in boxes if b.x0 < -1 or b.y0 < -1 or b.x1 > width + 1 or b.y1 > height + 1]
    assert not outside, outside


def _has_zero_line(ax, vertical: bool) -> bool:
    for line in ax.get_lines():
        data = line.get_xdata() if vertical else line.get_ydata()
        if len(data) == 2 and list(data) == [0, 0]:
            return True
    return False


def test_a_run_chart_has_a_title_units_a_zero_line_and_clear_labels(sweep):
    fig = charts.run_figure([sweep.results[1]])
    title = fig._suptitle.get_text()
    assert title.startswith("Jig (pool), 4 players: what each role wins or loses per deal")
    ax = fig.axes[0]
    assert "net counters per deal" in ax.get_xlabel() and "95%" in ax.get_xlabel()
    assert _has_zero_line(ax, vertical=True)
    assert [t.get_text() for t in ax.get_yticklabels()][0] == "dealer"
    note = fig._supxlabel.get_text()
    assert "jig(pool_ante=1)" in note and "seed 4" in note and "4 players" in note and "800 deals" in note
    _assert_no_overlap(fig)


def test_a_sweep_chart_draws_each_role_against_the_number_of_players(sweep):
    fig = charts.run_figure(sweep.results)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "number of players"
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["dealer", "elder hand"]
    assert len(ax.get_legend().get_texts()) == 5  # dealer, elder and the 2nd to 4th to the dealer's left
    assert _has_zero_line(ax, vertical=False)
    assert "3 to 5 players" in fig._supxlabel.get_text()
    _assert_no_overlap(fig)


def test_a_comparison_chart_labels_the_arms_and_adds_seats_when_a_seat_plays_differently(comparison):
    fig = comparison.figure()
    assert len(fig.axes) == 2  # by role, and by seat (seat 0 plays lowest in one arm)
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend == ["pool", "0=lowest"]
    assert "arm minus standard" in fig.axes[0].get_xlabel()
    note = fig._supxlabel.get_text()
    assert "pool = jig(pool_ante=1)" in note and "seed 4" in note
    _assert_no_overlap(fig)


def test_a_fairness_chart_shades_the_fair_band_and_writes_each_verdict(sweep):
    fr = sweep.fairness()
    fig = charts.fairness_figure(fr.checks[:1])
    texts = [t for t, _ in _texts(fig)]
    assert any(t.endswith(("fair", "gains", "loses", "unclear")) for t in texts)
    assert "99% intervals" in fig.axes[0].get_xlabel()
    _assert_no_overlap(fig)
    sweep_fig = charts.fairness_figure(fr.checks)
    assert "by the number of players" in sweep_fig._suptitle.get_text()
    _assert_no_overlap(sweep_fig)


@pytest.mark.parametrize("ext", ["png", "svg"])
def test_charts_are_written_by_extension(tmp_path, sweep, ext):
    path = tmp_path / f"roles.{ext}"
    sweep.chart(str(path))
    data = path.read_bytes()
    if ext == "png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert b"<svg" in data[:2000] and b"number of players" in data


def test_cli_draws_run_compare_and_fairness_charts(tmp_path):
    for command, extra in (
        ("run", ["jig", "--players", "3-4"]),
        ("compare", ["jig", "standard", "pool"]),
        ("fairness", ["jig"]),
    ):
        path = tmp_path / f"{command}.png"
        res = CliRunner().invoke(cli, [command, *extra, "-n", "400", "--no-progress", "--chart", str(path)])
        assert res.exit_code == 0, res.output
        assert path.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("chart", ["out.pdf", "out", ".png", "/no/such/folder/x.png"])
def test_a_bad_chart_path_is_refused_before_the_run(chart):
    res = CliRunner().invoke(cli, ["run", "jig", "-n", "1e12", "--chart", chart])
    assert res.exit_code == 2 and res.output.startswith("Error: --chart"), res.output


def test_plot_draws_on_the_axes_given(sweep):
    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(1, 2)
    assert sweep.plot(ax=a) is a
    assert api.RunResult(sweep.results[:1]).plot(ax=b) is b
    assert a.get_xlabel() == "number of players" and "per deal" in b.get_xlabel()
    plt.close(fig)


def test_the_chart_footnote_tells_how_many_deals_per_count():
    spec = runner.make_spec("jig", n=500, players=3, seed=1)
    fig = charts.run_figure([runner.run(spec)])
    assert "501 deals" in fig._supxlabel.get_text()  # whole sessions of 3 deals
