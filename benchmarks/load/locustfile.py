"""The load test's traffic: people reading and searching the site, judges resolving combats, and (in the
"with explore" runs) clients looping the heaviest legitimate request, explore, as fast as they can.

Every search is distinct from the last one of the same user (a word list crossed with filters), so the
figures are not answered from a cache no real user would hit. Request names group the figures: every
search counts under a name starting "search".
"""

from __future__ import annotations

import itertools
import os
import random
import time

from locust import HttpUser, between, constant, task

WORDS = ["undead", "pirate", "flying", "swamp", "ranged", "bribe", "gold", "beer", "babes", "knight", "dragon",
         "wizard", "forest", "mountain", "shield", "command", "channel", "spell", "sand", "elf", "orc", "giant",
         "troll", "wood", "sun", "moon", "death", "fire", "water", "stone"]  # fmt: skip
FILTERS = ["", " t:creature", " v>5", " v<=4", " set:di", " b:gold", " is:flying", " -t:spell"]
CARDS = ["sand-lord", "swordsman", "archer", "wood-nymph", "sun-spirit", "idiot", "black-lung", "amber-well"]
RULES = ["/rules/", "/rules/glossary/", "/rulings/", "/rules/examples/", "/sets/", "/"]
RESOLVE = ["terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer", "a=wood-nymph d=amber-well",
           "a=sun-spirit,swordsman d=archer,black-lung"]  # fmt: skip
# Explore set-ups from a few orders up to ones that run into the 1 s budget.
EXPLORE = ["a=sand-lord,swordsman,archer d=swordsman,archer,idiot",
           "a=archer,idiot,idiot,idiot,idiot,idiot d=" + ",".join(["idiot"] * 30),
           "a=sand-lord,swordsman,archer,idiot d=swordsman,archer,idiot,idiot,idiot,idiot,idiot"]  # fmt: skip
_queries = itertools.cycle([w + f for f in FILTERS for w in WORDS])


class Reader(HttpUser):
    """Browses and searches with pauses, as a person does."""

    wait_time = between(0.5, 2.0)

    @task(6)
    def search_api(self) -> None:
        self.client.get("/api/v1/cards/", params={"q": next(_queries)}, name="search: /api/v1/cards/?q=")

    @task(4)
    def search_page(self) -> None:
        self.client.get("/cards/", params={"q": next(_queries)}, name="search: /cards/?q=")

    @task(3)
    def card_page(self) -> None:
        self.client.get(f"/cards/{random.choice(CARDS)}/", name="card page")

    @task(2)
    def rules_page(self) -> None:
        self.client.get(random.choice(RULES), name="rules, rulings, sets, home")

    @task(2)
    def resolve(self) -> None:
        self.client.post("/api/v1/combat/resolve", json={"notation": random.choice(RESOLVE)}, name="combat resolve")

    @task(1)
    def explore_small(self) -> None:
        post_explore(self, EXPLORE[0], "explore (small)")


class Explorer(HttpUser):
    """Loops explore with no pause: the traffic that must not starve searches."""

    wait_time = constant(0)
    fixed_count = int(os.environ.get("LOAD_EXPLORERS", "0"))  # Exactly this many of the users.
    abstract = fixed_count == 0  # No explorers in the baseline run.

    @task
    def explore(self) -> None:
        post_explore(self, random.choice(EXPLORE[1:]), "explore (heavy)")


def post_explore(user: HttpUser, notation: str, name: str) -> None:
    """POST an explore; one the server sheds (503: every explore slot busy) is counted on its own line,
    neither as a failure nor as an explore, and the client waits as Retry-After tells it to."""
    retry_after = 0.0
    with user.client.post(
        "/api/v1/combat/explore", json={"notation": notation}, name=name, catch_response=True
    ) as reply:
        if reply.status_code == 503:
            reply.request_meta["name"] = "explore shed (503 + Retry-After)"
            reply.success()
            retry_after = float(reply.headers.get("Retry-After", "1"))
    if retry_after:
        time.sleep(retry_after)
