"""Run by test_sqlite_concurrency in a process of its own: threads saving at once into a file database.

Each thread reads and then writes in one transaction, as the admin's save does (it reads the card, then
writes it), many times over; it prints how many transactions failed and how many rows were written.
"""

from __future__ import annotations

import os
import sys
import threading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guardians_site.settings")

import django  # noqa: E402

django.setup()

from django.db import connection, connections, transaction  # noqa: E402

THREADS, SAVES = 4, 25


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--without-options":
        connections["default"].settings_dict["OPTIONS"] = {}  # Django's defaults: deferred, 5 s
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS saves (thread INTEGER, seen INTEGER)")
    failures: list[str] = []
    start = threading.Barrier(THREADS)

    def save(number: int) -> None:
        start.wait()
        for _ in range(SAVES):
            try:
                with transaction.atomic(), connection.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM saves")
                    (seen,) = cursor.fetchone()
                    cursor.execute("INSERT INTO saves VALUES (%s, %s)", [number, seen])
            except Exception as problem:  # noqa: BLE001 - counted and reported, as a visitor would see a 500
                failures.append(str(problem))
        connection.close()

    threads = [threading.Thread(target=save, args=(number,)) for number in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), count(DISTINCT seen) FROM saves")
        rows, distinct = cursor.fetchone()
        cursor.execute("PRAGMA journal_mode")
        (mode,) = cursor.fetchone()
    print(f"failures={len(failures)} rows={rows} distinct_seen={distinct} journal={mode}")
    if failures:
        print(failures[0])


if __name__ == "__main__":
    main()
