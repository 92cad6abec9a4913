"""Turns Scripts/profile-build's log into tables: CPU and wall time per module and per package.

Arguments: the log, the scratch path, the build's start and end (epoch seconds), and the line
`times` printed for the whole build's children (its CPU time)."""

import collections
import glob
import os
import re
import sys


def seconds(times_pair):
    """'1m2.500s 0m0.250s' (user and system) → 62.75."""
    total = 0.0
    for minutes, rest in re.findall(r"(\d+)m([\d.]+)s", times_pair):
        total += int(minutes) * 60 + float(rest)
    return total


def package_of(path):
    match = re.search(r"/checkouts/([^/]+)/", path)
    return match.group(1) if match else "Counterpart"


def swift_module_package(scratch, module, cache={}):
    """The package whose sources a module compiles; a host tool's (a macro, a plugin's executable)
    live in `<module>-tool.build`."""
    if module not in cache:
        cache[module] = "?"
        candidates = glob.glob(os.path.join(scratch, "**", f"{module}.build", "sources"), recursive=True)
        candidates += glob.glob(os.path.join(scratch, "**", f"{module}-tool.build", "sources"), recursive=True)
        for sources in candidates:
            with open(sources) as file:
                first = file.readline().strip()
            if first:
                cache[module] = package_of(first)
                break
    return cache[module]


def clang_target(path):
    """A C file's target: the folder under Sources/ (SwiftPM's layout) that holds it."""
    match = re.search(r"/Sources/([^/]+)/", path)
    return match.group(1) if match else os.path.basename(os.path.dirname(path))


def main():
    log, scratch, start, end, whole = sys.argv[1:6]
    rows = collections.defaultdict(lambda: {"runs": 0, "wall": 0.0, "cpu": 0.0, "package": "?"})
    with open(log) as file:
        for line in file:
            kind, what, began, ended, cpu = line.rstrip("\n").split("\t")
            if what == "other":
                continue
            if kind == "clang":
                name, package = clang_target(what) + " (C)", package_of(what)
            elif what.startswith("link:"):
                name, package = "link " + what.split(":")[-1], "Counterpart"
            else:
                name, package = what, swift_module_package(scratch, what)
            row = rows[name]
            row["runs"] += 1
            row["wall"] += float(ended) - float(began)
            row["cpu"] += seconds(cpu)
            row["package"] = package
    wall = float(end) - float(start)
    cpu = seconds(whole)
    print(f"Whole build: {wall:.0f} s wall ({wall / 60:.1f} min), {cpu:.0f} CPU-s ({cpu / 60:.1f} CPU-min).\n")
    packages = collections.defaultdict(lambda: [0.0, 0])
    for row in rows.values():
        packages[row["package"]][0] += row["cpu"]
        packages[row["package"]][1] += 1
    print("| package | modules | CPU s | share |\n|---|---:|---:|---:|")
    for package, (seconds_, count) in sorted(packages.items(), key=lambda item: -item[1][0]):
        print(f"| {package} | {count} | {seconds_:.0f} | {100 * seconds_ / cpu:.1f} % |")
    print("\n| module | package | runs | wall s | CPU s |\n|---|---|---:|---:|---:|")
    for name, row in sorted(rows.items(), key=lambda item: -item[1]["cpu"]):
        print(f"| {name} | {row['package']} | {row['runs']} | {row['wall']:.1f} | {row['cpu']:.1f} |")


main()
