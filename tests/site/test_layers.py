"""The apps stand in layers: core at the bottom, sitewide at the top, and no circle between them.

Read from the source with ``ast`` (every ``import`` and ``from ... import``, also inside functions, since
an import put off to call time is still a dependency), so the check needs no Django and no extra tool.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "guardians_site"
# Lowest first, as in INSTALLED_APPS: an app may import those before it in this list, never one after it.
LAYERS = ("core", "edits", "cards", "rulings", "combat", "reports", "learn", "bestplay", "sitewide")
LIBRARIES = ("engine",)  # Pure Python below every app (engine/README.md): any app may use it.


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def _sources(package: str) -> list[Path]:
    # Migrations are frozen history and name apps by label only; they are not imports of code.
    return [path for path in sorted((ROOT / package).rglob("*.py")) if "migrations" not in path.parts]


def import_graph() -> dict[str, dict[str, list[str]]]:
    """{importing package: {imported package: [files]}} over the apps, the project package and the engine."""
    packages = (*LAYERS, PROJECT, *LIBRARIES)
    graph: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for package in packages:
        for path in _sources(package):
            for module in _imports(path):
                top = module.split(".")[0]
                if top in packages and top != package:
                    graph[package][top].append(str(path.relative_to(ROOT)))
    return graph


def circles(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """Every group of packages that reach one another (strongly connected, more than one member)."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(node: str, edges: dict[str, set[str]], out: list[str]) -> None:
        stack = [(node, iter(sorted(edges[node])))]
        seen.add(node)
        while stack:
            current, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                out.append(current)
            elif child not in seen:
                seen.add(child)
                stack.append((child, iter(sorted(edges[child]))))

    forward: dict[str, set[str]] = defaultdict(set)
    backward: dict[str, set[str]] = defaultdict(set)
    for source, targets in graph.items():
        for target in targets:
            forward[source].add(target)
            backward[target].add(source)
    nodes = sorted(set(forward) | set(backward))
    for node in nodes:
        if node not in seen:
            visit(node, forward, order)
    seen.clear()
    groups = []
    for node in reversed(order):
        if node not in seen:
            group: list[str] = []
            visit(node, backward, group)
            if len(group) > 1:
                groups.append(sorted(group))
    return groups


def test_the_circle_finder_finds_a_circle() -> None:
    # The check below can fail: a made-up graph with a circle is reported as one.
    made_up = {"a": {"b": ["a/x.py"]}, "b": {"c": ["b/y.py"]}, "c": {"a": ["c/z.py"]}, "d": {"a": ["d/w.py"]}}
    assert circles(made_up) == [["a", "b", "c"]]
    assert circles({"a": {"b": ["a/x.py"]}}) == []


def test_no_circle_between_apps() -> None:
    assert circles(import_graph()) == []


def test_no_app_imports_the_project_package() -> None:
    graph = import_graph()
    offenders = {app: graph[app][PROJECT] for app in LAYERS if PROJECT in graph[app]}
    assert offenders == {}, "guardians_site holds settings and URLs only; apps use core instead"


@pytest.mark.parametrize("app", LAYERS)
def test_each_app_imports_only_the_layers_below_it(app: str) -> None:
    allowed = set(LAYERS[: LAYERS.index(app)]) | set(LIBRARIES)
    upward = {target: files for target, files in import_graph()[app].items() if target not in allowed}
    assert upward == {}, f"{app} may import only {sorted(allowed)}"


def test_the_project_package_keeps_settings_and_urls_only() -> None:
    kept = {path.name for path in (ROOT / PROJECT).iterdir() if path.name != "__pycache__"}
    assert kept <= {"__init__.py", "settings.py", "urls.py", "api_urls.py", "wsgi.py", "asgi.py",
                    "gunicorn_conf.py", "gunicorn_errors.py"}  # fmt: skip


def test_the_apps_are_installed_in_their_layer_order() -> None:
    from django.conf import settings

    ours = [app for app in settings.INSTALLED_APPS if app in (*LAYERS, PROJECT)]
    assert ours == list(LAYERS)


# Django's private queryset and query internals: they change between releases without notice.
PRIVATE_DJANGO = re.compile(
    r"\._(chain|clone|result_cache|iterable_class|fields|prefetch_related_lookups|known_related_objects"
    r"|sticky_filter|for_write|hints|defer_next_filter|deferred_filter|prefetch_done|fetch_all)\b"
    r"|\.query\.(where|order_by|clear_ordering|get_initial_alias|default_ordering|standard_ordering"
    r"|extra_order_by|is_sliced|combinator|annotations|group_by|select_for_update|extra|extra_tables)\b"
)
SCANNED = (*LAYERS, PROJECT, *LIBRARIES, "tests", "benchmarks", "tools")


def test_the_private_attribute_pattern_catches_them() -> None:
    assert PRIVATE_DJANGO.search("clone = queryset." + "_chain()")
    assert PRIVATE_DJANGO.search("page.query" + ".where = WhereNode()")
    assert not PRIVATE_DJANGO.search("queryset.filter(pk__in=ids).order_by()")


def test_no_private_attribute_of_django_anywhere_in_the_project() -> None:
    this_file = Path(__file__).resolve()
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.resolve() != this_file
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if PRIVATE_DJANGO.search(line)
    ]
    assert found == []
