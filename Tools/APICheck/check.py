#!/usr/bin/env python3
"""The public API of DragDrop's library modules: how many declarations each has, and
which are undocumented.

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level
public` writes, and counts each module's public declarations, SPI ones left out.
A declaration is documented when it has a doc comment of its own, or when DocC shows
another's for it: it overrides a member, implements a protocol's requirement or is a
default implementation of one (a requirement itself needs its own). Exits with status 1, listing them, when any is not.

  Tools/APICheck/check.py [SYMBOL_GRAPH_DIRECTORY] [--list]
"""
import glob
import json
import os
import sys

MODULES = [
    "ContentTypes", "Graphics", "ItemProviders", "Views", "DragDrop", "DragDropLists", "DragDropUI",
    "DragDropUIApp", "DragDropUIKit", "BackendSupport", "DragDropGTK", "DragDropHarness", "DragDropTesting",
]
# Relationships through which DocC shows another declaration's documentation.
INHERITING = {"overrides", "defaultImplementationOf"}


def load(directory, module):
    symbols, relationships, spi = {}, [], set()
    for path in glob.glob(os.path.join(directory, module + ".symbols.json")) + glob.glob(
        os.path.join(directory, module + "@*.symbols.json")
    ):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            if symbol.get("spi"):
                spi.add(tuple(symbol["pathComponents"]))
                continue
            symbols[precise] = symbol
        relationships += graph.get("relationships", [])
    # The members of an SPI type are SPI too.
    symbols = {
        key: symbol for key, symbol in symbols.items()
        if not any(tuple(symbol["pathComponents"][:n]) in spi for n in range(1, len(symbol["pathComponents"])))
    }
    return symbols, relationships


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    directory = arguments[0] if arguments else ".build/symbolgraph"
    listing = "--list" in sys.argv
    total = undocumented_total = 0
    missing = []
    print(f"{'module':18} {'public':>7} {'undocumented':>13}")
    for module in MODULES:
        symbols, relationships = load(directory, module)
        inherits = set()
        for relationship in relationships:
            if relationship["kind"] in INHERITING or (
                relationship["kind"] == "memberOf" and relationship.get("sourceOrigin")
            ):
                inherits.add(relationship["source"])
        undocumented = [
            s for key, s in symbols.items()
            if not s.get("docComment") and key not in inherits
        ]
        total += len(symbols)
        undocumented_total += len(undocumented)
        print(f"{module:18} {len(symbols):7} {len(undocumented):13}")
        for symbol in undocumented:
            location = symbol.get("location", {})
            file = location.get("uri", "").split("/Sources/")[-1]
            line = location.get("position", {}).get("line", -1) + 1
            missing.append(f"Sources/{file}:{line}: {module}.{'.'.join(symbol['pathComponents'])}")
    print(f"{'total':18} {total:7} {undocumented_total:13}")
    if missing:
        if listing or undocumented_total <= 400:
            print("\nundocumented public declarations:")
            print("\n".join(sorted(missing)))
        sys.exit(1)


if __name__ == "__main__":
    main()
