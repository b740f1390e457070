"""pj_rotation: when the dealer dresses the board, stop only when the deal has gone round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.analysis import (
    Answer,
    Claim,
    Study,
    at,
    combine,
    main,
    players_chart,
    pm,
    seat_gap,
    verdict_positive,
    verdict_within,
)

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from sim.analysis import Chart

CLAIM = Claim(
    "pj_rotation", "Pope Joan", 81,
    "it is often agreed that the dealer for the time being shall dress the board, in which case it is necessary "
    "that the game should be finished just before the original dealer's turn comes round again, else the payments "
    "to the pool will not have been equitably divided",
    "under dealer-dresses, the first dealer's net per deal minus the mean of the others' (same deals) when a "
    "session stops one deal short of a rotation, and when it is one or four whole rotations, by players",
    "When the dealer dresses the board, stop only when the deal has gone round",
)  # fmt: skip

BAND = 0.05  # counters per deal: "equitably divided"
ROUNDS = 4  # the longer sessions: whole rotations of this many rounds
WHOLE, SHORT, LONG = "edge, one rotation", "edge, one deal short", f"edge, {ROUNDS} rotations"


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def edge(players: int, deals: int, size: int | None = None) -> tuple[float, float]:
        res = study.run("popejoan", "dealer-dresses", players, session_deals=deals, n=size, every=size is not None)
        return seat_gap(res)  # its SE from each session's own difference

    def count(players: int) -> dict:
        (s, sse), (w, wse) = edge(players, players - 1), edge(players, players)
        if verdict_within(w, wse, BAND) == "inconclusive" and n >= 1_000_000:  # full size: settle it with more deals
            w, wse = edge(players, players, 4 * n)
        lw, lse = edge(players, ROUNDS * players)
        fair = combine([verdict_within(w, wse, BAND), verdict_within(lw, lse, BAND)])
        return {"players": players, SHORT: s, "SE short": sse, WHOLE: w, "SE whole": wse, LONG: lw,
                "SE long": lse, "short costs?": verdict_positive(-s, sse), "whole fair?": fair}  # fmt: skip

    t = study.sweep(count)
    costs, fair = combine(t["short costs?"]), combine(t["whole fair?"])
    four = at(t)
    return study.answer(
        t,
        f"stopping one deal short costs the first dealer {-t[SHORT].max():.2f} to {-t[SHORT].min():.2f} counters per "
        f"deal over 3-8 players (costs: {costs}); over whole rotations his edge is {pm(four[WHOLE], four['SE whole'])} "
        f"with 4 players (one rotation), {pm(four[LONG], four['SE long'])} over {ROUNDS} (fair: {fair})",
        combine([costs, fair]),
        f"two parts, judged apart: stopping short costs the first dealer (99% CI below 0 at every count): {costs}; "
        f"whole rotations are fair (99% CI inside ±{BAND}, for one and for {ROUNDS} rotations, at every count): "
        f"{fair}. Each SE comes from every session's own difference of the first dealer from the others",
        _chart(t),
    )


def _chart(t: pd.DataFrame) -> Chart:
    """The cost of stopping short (large) and the whole rotations' edge (small) in panels of their own scale."""
    short = players_chart(
        t, [(SHORT, "SE short", "stopped one deal short")], "first dealer minus others, counters/deal", zero=True
    )
    whole = players_chart(
        t,
        [(WHOLE, "SE whole", "one whole rotation"), (LONG, "SE long", f"{ROUNDS} whole rotations")],
        "counters/deal (own scale)",
        zero=True,
        band=BAND,
        dodge=0.12,
    )

    def draw(ax: Axes) -> None:
        from mpl_toolkits.axes_grid1 import make_axes_locatable

        right = make_axes_locatable(ax).append_axes("right", size="100%", pad=0.7)
        short(ax)
        whole(right)
        ax.set_title("stopping short", fontsize=9)
        right.set_title("whole rotations", fontsize=9)

    return draw


if __name__ == "__main__":
    main(CLAIM, answer)
