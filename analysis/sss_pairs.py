"""sss_pairs: with two of a kind in hand, always play one of them."""

from __future__ import annotations

from sim.analysis import Answer, Claim, Study, at, combine, gain, main, players_chart, pm, verdict_positive

CLAIM = Claim(
    "sss_pairs", "Snip-Snap-Snorum", 93,
    "For the same reason a player having two of a kind in his own hand should always play one of them when his "
    "turn comes round, provided, of course, he is not able to pair with the player immediately preceding him.",
    "games won by seat 0 playing the book (one of two of a kind when free) minus seat 0 without that advice "
    "(book-no-pairs: the safest card by the table alone), the others the play, on the same deals; and penalties per "
    "deal with every seat playing each, by number of players",
    "With two of a kind in hand, always play one of them",
)  # fmt: skip

PLAYERS = (3, 5, 8)
CAP = 1_000_000  # whole games per count
GAIN = "book minus no-pairs, seat 0 wins per game"
PAID = ("snip_paid", "snap_paid", "snorum_paid")


def penalties_per_deal(res) -> float:
    return sum(res.metric(e)[0] for e in PAID) / res.metric("deals")[0]


def answer(n: int, seed: int, play: str | None = None) -> Answer:
    study = Study(n, seed, play)

    def count(players: int) -> dict:
        seat = study.compare("snipsnap", ["0=book-no-pairs", "0=book"], players, n=min(n, CAP))
        won, se = gain(seat, "0=book", "win", seat=0)
        every = study.compare("snipsnap", ["all=book-no-pairs", "all=book"], players, n=min(n, CAP))
        without, book = every.results
        return {
            "players": players,
            "seat 0 wins per game, book": seat.results[1].metric("win", seat=0)[0],
            GAIN: won,
            "SE": se,
            "net per game gained": gain(seat, "0=book", seat=0)[0],
            "penalties per deal, all book": penalties_per_deal(book),
            "all no-pairs": penalties_per_deal(without),
            "free choices holding a pair, per deal": book.metric("pair_choices")[0] / book.metric("deals")[0],
            "games": seat.meta["n"],
            "verdict": verdict_positive(won, se),
        }

    t = study.sweep(count, PLAYERS)
    five = at(t, 5)
    return study.answer(
        t,
        f"{pm(five[GAIN], five['SE'])} games won per game by the player who follows the advice, 5 players (99% CI); "
        f"penalties per deal {five['penalties per deal, all book']:.3f} with every seat following it against "
        f"{five['all no-pairs']:.3f} without",
        combine(t["verdict"]),
        "the advised player's gain in games won over the same player without the advice, on the same deals; "
        "supported when the 99% CI excludes 0 at every count",
        players_chart(t, [(GAIN, "SE", "playing one of two of a kind")], "gain in games won per game", zero=True),
        [
            "One 'deal' of a run is one whole game to the last player in, whose winner takes the pool; with five "
            "counters each a seat's net per game is 5 x players x its wins less 5, so wins carry the whole result. "
            "book-no-pairs judges a card's safety by the cards seen on the table only; the book player also counts "
            "his own duplicates and always plays one of two of a kind when free (p. 93).",
        ],
    )


if __name__ == "__main__":
    main(CLAIM, answer)
