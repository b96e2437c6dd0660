"""Benchmarks run by ``make bench``: numbers and ratios, never pass/fail tests."""
