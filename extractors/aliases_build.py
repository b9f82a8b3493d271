"""Generate `aliases_cldr.json`, the large alias table, from CLDR as shipped in Babel.

    python -m extractors.aliases_build          # rewrite extractors/aliases_cldr.json
    python -m extractors.aliases_build --check  # exit 1 when the file is not what Babel gives

Needs Babel (the `bench` extra) only to regenerate; the service reads the committed file and
never imports Babel. Babel is 36 MB installed and reading its locale data takes ~0.2 s per
locale; the generated file is 168 kB and loads in milliseconds (docs/write.md, "The alias
table").

Groups (one entity each; the first name, English, is the canonical name):

* territories: every country or region with a two-letter CLDR code (not the pseudo ones);
* cities: the exemplar city of every CLDR time zone (Asia/Shanghai: Shanghai, 上海, 상하이,
  Шанхай, Xangai ...), English falling back to the zone id's city as CLDR does;
* languages: every language with a plain code (zh: Chinese, 中文, 中国語, Chinesisch ...).

Names are taken in `LOCALES`, with the spellings they stand for (`spellings`: "Myanmar
(Burma)" gives Myanmar and Burma, "&" also "and", "St." also "Saint"). Babel keeps no
alt="short"/"variant" forms (US, UK, Turkey, Czech Republic); the hand table (`aliases.toml`)
adds them. A name that two groups give is ambiguous and left
out, except a city and the territory it lies in that share a name (Singapore, Panama,
Kuwait): the name stays with the territory. A group whose canonical name is ambiguous in that
way takes its first unambiguous name as canonical, or is dropped when it has none.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extractors.aliases import CLDR_FILE, fold

LOCALES = ("en", "zh", "zh_Hant", "ja", "ko", "de", "fr", "es", "it", "pt", "ru")
PSEUDO_TERRITORIES = frozenset({"ZZ", "QO", "EZ", "XA", "XB"})
LICENSE = (
    "Names from the Unicode Common Locale Data Repository (CLDR) as shipped in Babel. "
    "Copyright (c) 1991-2025 Unicode, Inc. Distributed under the Unicode License v3 "
    "(https://www.unicode.org/license.txt)."
)
_PARENTHESISED = re.compile(r"^(.+?)\s*[(（](.+)[)）]$")


@dataclass(frozen=True)
class Group:
    """A group id ("territory:CN", "city:Asia/Shanghai", "language:zh") and its names,
    English first; `second` holds the folded parenthesised second names ("Burma" of "Myanmar
    (Burma)", "China" of "Hong Kong (China)"), which yield to a group whose own name they are."""

    gid: str
    names: list[str]
    second: frozenset[str] = frozenset()


def names_of(gid: str, raw: Sequence[str | None]) -> Group:
    """A group's distinct names, in order, with the spellings they stand for."""
    out: dict[str, str] = {}
    second: set[str] = set()
    for name in raw:
        if not name or not name.strip():
            continue
        for part in spellings(name):
            out.setdefault(fold(part), part.strip())
        found = _PARENTHESISED.match(name)
        if found:
            second.update(fold(p) for p in spellings(found.group(2)))
    own = {fold(p) for name in raw if name for p in spellings(name)} - second
    return Group(gid, list(out.values()), frozenset(second - own))


def spellings(name: str) -> list[str]:
    """A name and the spellings it stands for: "Myanmar (Burma)" gives Myanmar (first: the
    canonical name), itself and Burma; "Trinidad & Tobago" also "Trinidad and Tobago"; "St.
    Lucia" also "Saint Lucia"."""
    found = _PARENTHESISED.match(name)
    parts = [found.group(1), name, found.group(2)] if found else [name]
    out: list[str] = []
    for part in parts:
        anded = [part, part.replace(" & ", " and ")] if " & " in part else [part]
        for spelt in anded:
            out += [spelt, "Saint " + spelt[4:]] if spelt.startswith("St. ") else [spelt]
    return out


def cldr_groups(locales: Sequence[Any], zone_territories: dict[str, str]) -> list[Group]:
    """Every group from Babel's locales (`locales[0]` is English)."""
    english = locales[0]
    groups: list[Group] = []
    for code in sorted(english.territories):
        if len(code) == 2 and code.isalpha() and code not in PSEUDO_TERRITORIES:
            names = [locale.territories.get(code) for locale in locales]
            groups.append(names_of(f"territory:{code}", names))
    for zone in sorted(zone_territories):
        if zone.startswith("Etc/") or "/" not in zone:
            continue
        fallback = zone.rsplit("/", 1)[-1].replace("_", " ")
        said = [locale.time_zones.get(zone, {}).get("city") for locale in locales]
        groups.append(names_of(f"city:{zone}", [said[0] or fallback, *said[1:]]))
    for code in sorted(english.languages):
        if code.isalpha() and code.islower() and len(code) <= 3:
            names = [locale.languages.get(code) for locale in locales]
            groups.append(names_of(f"language:{code}", names))
    return groups


def unambiguous(groups: Sequence[Group], zone_territories: dict[str, str]) -> list[list[str]]:
    """The groups without the names two of them give (see the module docstring)."""
    owners: dict[str, set[str]] = {}
    for group in groups:
        for name in group.names:
            if fold(name) not in group.second:
                owners.setdefault(fold(name), set()).add(group.gid)
    for group in groups:
        for folded in group.second - owners.keys():
            owners.setdefault(folded, set()).add(group.gid)
    out: list[list[str]] = []
    for group in groups:
        kept = [n for n in group.names if _owner(owners[fold(n)], zone_territories) == group.gid]
        if len(kept) > 1:
            out.append(kept)
    return out


def _owner(gids: set[str], zone_territories: dict[str, str]) -> str | None:
    """The one group a name belongs to: its only group, or the territory of a city that shares
    it; None when it is ambiguous."""
    if len(gids) == 1:
        return next(iter(gids))
    territories = [g for g in gids if g.startswith("territory:")]
    cities = [g for g in gids if g.startswith("city:")]
    if len(territories) != 1 or len(cities) + 1 != len(gids):
        return None
    code = territories[0].split(":", 1)[1]
    same_place = all(zone_territories.get(c.split(":", 1)[1]) == code for c in cities)
    return territories[0] if same_place else None


def digest(groups: Sequence[Sequence[str]]) -> str:
    body = json.dumps(groups, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def build() -> dict[str, Any]:
    """The table as Babel gives it: its provenance and its groups."""
    import babel  # the `bench` extra
    from babel import Locale
    from babel.core import get_cldr_version, get_global

    zones: dict[str, str] = dict(get_global("zone_territories"))
    locales = [Locale.parse(tag) for tag in LOCALES]
    groups = unambiguous(cldr_groups(locales, zones), zones)
    return {
        "about": {
            "source": "CLDR via Babel (python -m extractors.aliases_build)",
            "babel": babel.__version__,
            "cldr": get_cldr_version(),
            "locales": list(LOCALES),
            "license": LICENSE,
            "sha256": digest(groups),
        },
        "groups": groups,
    }


def render(table: dict[str, Any]) -> str:
    """One group a line, so a change reads as a diff."""
    about = json.dumps(table["about"], ensure_ascii=False, indent=1)
    lines = ",\n".join(json.dumps(g, ensure_ascii=False) for g in table["groups"])
    return f'{{"about": {about},\n"groups": [\n{lines}\n]}}\n'


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--out", type=Path, default=CLDR_FILE)
    args = parser.parse_args(argv)
    text = render(build())
    if args.check:
        same = args.out.read_text("utf-8") == text
        print("up to date" if same else f"{args.out} differs from what Babel gives")
        return 0 if same else 1
    args.out.write_text(text, "utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
