"""What an exploration covered, said plainly from its fields: "all 24 play orders", or "80 of 720 play orders,
sampled fairly" when the time budget ran out first. The explore page's title, heading and summary say this, so
a page never promises every order when it shows a sample."""

from __future__ import annotations

from dataclasses import dataclass

from engine.explore import Exploration, describe_count
from engine.explore_walk import Coverage


@dataclass(frozen=True)
class ExploreScope:
    heading: str  # the page title and heading
    sentence: str  # what was resolved and how the orders were chosen
    complete: bool

    @property
    def table_heading(self) -> str:
        return "Outcome of every order" if self.complete else "Outcome of each order explored"


def _orders(count: int) -> str:
    return f"{describe_count(count)} play order{'s' if count != 1 else ''}"


def explore_scope(exploration: Exploration) -> ExploreScope:
    total, explored = exploration.total_orders, exploration.explored
    if exploration.complete:
        left_out = total - explored
        sentence = f"All {_orders(total)} were resolved."
        if left_out > 0:
            sentence += f" {describe_count(left_out)} of them break a rule of the set-up and are left out."
        heading = f"All {_orders(total)}" if total != 1 else "The only play order"
        return ExploreScope(heading, sentence, True)
    how = (
        "whole groups of orders that open alike, taken in a shuffled sequence"
        if exploration.sampling is Coverage.BRANCHES
        else "orders drawn one by one at random"
    )
    budget = f"the {exploration.budget:g}-second time budget" if exploration.budget is not None else "the time budget"
    seed = (
        f" The draw uses a fixed seed ({exploration.sample_seed}), so the same set-up always covers the same orders."
        if exploration.sample_seed is not None
        else ""
    )
    sentence = (
        f"{describe_count(explored)} of the {_orders(total)} were resolved before {budget} ran out, sampled fairly: "
        f"{how}, so every order was as likely as any other to be among them.{seed} The figures below describe "
        "this sample, not every order."
    )
    return ExploreScope(f"{describe_count(explored)} of {_orders(total)}, sampled fairly", sentence, False)
