#!/usr/bin/env python3
"""Prints the functions callgrind profiles saw run inside one executable, one symbol a line.

Usage: callgrind-functions.py EXECUTABLE_PATH CALLGRIND_OUT...

The profiles are the dumps of one run, in order: each dump's new functions follow the earlier
ones', sorted by name within a dump.

Run valgrind with --demangle=no so the names are the linker's symbols. Callgrind names each object
(ob=, cob=) and function (fn=, cfn=) in full once, then by a number in parentheses; both forms are
resolved here. Functions valgrind names only by address or by a placeholder ("(below main)") are
left out: the linker cannot find them by name.
"""
import re
import sys

COMPRESSED = re.compile(r"\((\d+)\)(?:\s+(.*))?$")


def resolve(spec, names):
    """The name `spec` stands for, remembering it when callgrind spells it out."""
    match = COMPRESSED.match(spec)
    if not match:
        return spec
    number, name = match.groups()
    if name:
        names[number] = name
    return names.get(number)


def executed_functions(profile, executable):
    objects, functions = {}, {}
    current_object = called_object = None
    found = set()
    with open(profile) as lines:
        for line in lines:
            key, _, value = line.rstrip("\n").partition("=")
            if key == "ob":
                current_object = resolve(value, objects)
            elif key == "cob":
                called_object = resolve(value, objects)
            elif key in ("fn", "cfn"):
                name = resolve(value, functions)
                owner = current_object if key == "fn" else (called_object or current_object)
                if key == "cfn":
                    called_object = None
                if name and owner == executable and not name.startswith(("0x", "(")):
                    # callgrind tells apart recursive or inlined copies as name'2, name'3 …
                    found.add(re.sub(r"'\d+$", "", name))
    return sorted(found)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    executable, *profiles = sys.argv[1:]
    listed = set()
    for profile in profiles:
        for name in executed_functions(profile, executable):
            if name not in listed:
                listed.add(name)
                print(name)
