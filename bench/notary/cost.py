"""The notary's cost per message: this checkout against an older one, measured in one run.

Inputs (all made here, from our own words and seeded random characters):

* ordinary: bench/write.py's 2,000 distinct short messages;
* adversarial, each cut to 1 KB, 10 KB and 100 KB (`SIZES`): one long token, many distinct
  labelled secrets, long prose without a line break, many near-miss tokens (fillers,
  references, wrong lengths), labels without values, unterminated quotes, a private key block
  without its END line, base64 lines without any armour or broken off before an END line,
  credential-URL look-alikes, curl flags, Chinese labels, and the single-character runs that
  make backtracking patterns slow (`aaaa...`, `a:a:...`, `====`, `<<<<`, `${${...`,
  `eyJ.eyJ...`, joined segments `1a-1a-...` also broken off before `.x`, dotted segments
  broken off before `@`, joiners alone, a credential word followed by names, or by a line;
  many codes after coined names or after words, one long run of a code's characters; naming
  fields without a value field, value fields without a name, calls with quoted arguments, open
  blocks named for a secret, names with nothing on the next line).

Each notary runs in a fresh process of its own (the two never share modules), alternating
`ROUNDS` times; per input the fastest round counts (a busy machine only ever slows a round
down; times are the process's CPU time). Prints the per-message cost on the ordinary messages
and its ratio, every adversarial input's time for both, and per size the worst input of each.

Usage: python -m bench.notary.cost --before /tmp/notary-before [--rounds 3] [--sizes 1000,...]
"""

from __future__ import annotations

import argparse
import random
import string
from collections.abc import Callable
from pathlib import Path

from bench.runner.checkouts import in_tree
from bench.write.batch import messages

SIZES = (1_000, 10_000, 100_000)
ROUNDS = 3
HERE = Path(__file__).resolve().parents[2]
_B64 = string.ascii_letters + string.digits + "+/"


def _random(alphabet: str, size: int, seed: int = 11) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(size))


def _lines(size: int) -> str:
    return "\n".join(_random(_B64, 64, seed) for seed in range(size // 65 + 1))


_NEAR_MISSES = (
    "token=xxxx password=<your-password> api_key=${API_KEY} AKIA0000000000000000 "
    "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx secret: required pwd=/home/me "
    "sk-not-a-real-key-at-all 6d2fabeb6add229bc199faba28fd3efb57df0bd3 "
)


def _secrets(size: int) -> str:
    """Many distinct labelled values: each is also searched for elsewhere in the text."""
    return " ".join(f"password={_random(_B64, 12, seed)}" for seed in range(size // 22 + 1))


def _owned(size: int) -> str:
    """Many distinct codes, each after a coined name (`notary.owners`): each is masked and
    searched for elsewhere in the text."""
    return " ".join(
        f"zorvex{seed}: {_random(string.hexdigits[:16], 32, seed)}"
        for seed in range(size // 42 + 1)
    )


ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "one long token": lambda n: _random(_B64, n),
    "many secrets": _secrets,
    "long prose": lambda n: "the password policy says the key is required and " * (n // 49 + 1),
    "near misses": lambda n: _NEAR_MISSES * (n // len(_NEAR_MISSES) + 1),
    "labels, no values": lambda n: "password= token: api_key=> secret " * (n // 35 + 1),
    "unterminated quote": lambda n: 'password="' + _random(_B64, n),
    "key block, no END": lambda n: "-----BEGIN RSA PRIVATE KEY-----\n" + _lines(n),
    "lines, a break, END": lambda n: _lines(n)[: n - 40] + "\n? ?\n-----END PRIVATE KEY-----",
    "base64 lines": _lines,
    "URL look-alikes": lambda n: "https://user:" + "a:" * (n // 2),
    "curl flags": lambda n: "curl " + "-u " * (n // 3),
    "Chinese labels": lambda n: "密码是" * (n // 3 + 1),
    "aaaa": lambda n: "a" * n,
    "a:a:": lambda n: "a:" * (n // 2),
    "====": lambda n: "=" * n,
    "<<<<": lambda n: "<" * n,
    "${${": lambda n: "${" * (n // 2),
    "eyJ.eyJ.": lambda n: "eyJ." * (n // 4),
    "1a-1a-": lambda n: "1a-" * (n // 3 + 1),
    "1a_1a_ .x": lambda n: ("1a_" * (n // 3 + 1))[: n - 2] + ".x",
    "a.a.a. @": lambda n: ("a1." * (n // 3 + 1))[: n - 2] + "@x",
    "dots, a long segment /": lambda n: "ab.cd.ef." + "a" * (n - 10) + "/",
    "-_-_": lambda n: "-_" * (n // 2),
    "key name name ...": lambda n: "key acme acme " * (n // 14 + 1),
    "token, a line": lambda n: "acme token\n" * (n // 11 + 1),
    "coined name: code": _owned,
    "codes after words": lambda n: "build a1b2c3d4e5f6a7b8 " * (n // 23 + 1),
    "a long code run": lambda n: "zorvex: " + "a1-" * (n // 3),
    "e-mail, colon, e-mail": lambda n: "a@b.c:" * (n // 6 + 1),
    "a URL's e-mail user": lambda n: "smtp://" + "a@b." * (n // 4),
    "credential tags": lambda n: "<pwd><pass>" * (n // 11 + 1),
    "names, commas": lambda n: '"password", ' * (n // 12 + 1),
    "naming fields, no value": lambda n: "- name: db_password\n  other: 1\n" * (n // 31 + 1),
    "value fields, no name": lambda n: 'value="x1" k="a" ' * (n // 17 + 1),
    "calls, quoted arguments": lambda n: 'login("a", "b"' * (n // 14 + 1),
    "open blocks": lambda n: 'variable "db_password" { type = string ' * (n // 39 + 1),
    "names, next lines": lambda n: "password:\n  " * (n // 12 + 1),
    "mappings named, no default": lambda n: "DBPassword:\n  Type: String\n" * (n // 28 + 1),
    "objects named, no value": lambda n: '"adminPassword": {"type": "x", ' * (n // 31 + 1),
    "declarations, no value": lambda n: "param dbPassword string " * (n // 24 + 1),
    "references with defaults": lambda n: "${PASSWORD:-Tr0ub4dor3x}" * (n // 24 + 1),
    "users beside a hash": lambda n: (
        "u:$1$abcdefgh$ijklmnopqrstuv\n" + "bob:Tr0ub4dor$3x\n" * (n // 17 + 1)
    ),
    "flags as list items": lambda n: '"--password", ' * (n // 14 + 1),
    "flag items, next lines": lambda n: "- --password\n" * (n // 13 + 1),
    "member chains": lambda n: "key: a.b()." * (n // 11 + 1),
    "secret names as values": lambda n: "password: db-redis-password\n" * (n // 28 + 1),
    "one value on many lines": lambda n: "password: dbredis7pass\n" * (n // 23 + 1),
    "values before 'is my'": lambda n: "a1b2 is my a1b2 was the " * (n // 24 + 1),
    "refused values, names inside": lambda n: 'pw = getenv("DB_PASSWORD", ' * (n // 27 + 1),
    "user-info, no scheme": lambda n: "a:b1@c.d " * (n // 9 + 1),
    "escaped structures": lambda n: '"{\\"password\\": \\"Kite42sky\\"}" ' * (n // 30 + 1),
    "an escaped structure, unclosed": lambda n: 'x = "{' + '\\"k\\": \\"v\\", ' * (n // 14 + 1),
    "declared names as values": lambda n: "".join(
        f'"P{i}Password": {{\n"Password": "P{i}Password"\n' for i in range(n // 36 + 1)
    ),
    "anti-forgery names": lambda n: '<meta name="csrf-token" content="' * (n // 34 + 1),
    "names in humps": lambda n: "VPCFlowLogsBucketKMSKey2 " * (n // 25 + 1),
    "an open block header": lambda n: 'resource "' + "password=Xk9vQ2mL7pRt " * (n // 22 + 1),
    "words run together": lambda n: "docexamplebucketqz " * (n // 19 + 1),
    "a long run of letters": lambda n: _random(string.ascii_lowercase, n),
    "ids after id names": lambda n: "a_b_c_d_e_f_g_target_id: i-a9b8c7d6e5f4g3h2j " * (n // 45 + 1),
    "short values repeated": lambda n: "password = app\nuser = app " * (n // 26 + 1),
}


def adversarial(sizes: tuple[int, ...] = SIZES) -> list[tuple[str, int, str]]:
    """(kind, size, text) for every adversarial input, each cut to its size."""
    return [(kind, size, make(size)[:size]) for size in sizes for kind, make in ADVERSARIAL.items()]


_RUN = """
import json, sys, time
from extractors.notary.core import notarize
ordinary, hostile = json.load(sys.stdin)
notarize("warm up password=Xy9secret! zorvex: 0123456789abcdef0123")
start = time.process_time()
for text in ordinary:
    notarize(text)
total = time.process_time() - start
each = []
for text in hostile:
    start = time.process_time()
    notarize(text)
    each.append(time.process_time() - start)
print(json.dumps({"ordinary": total, "each": each}))
"""


def timings(tree: Path, ordinary: list[str], hostile: list[str]) -> tuple[float, list[float]]:
    """One fresh process of `tree`'s notary: seconds over `ordinary`, seconds per `hostile`."""
    out = in_tree(tree, _RUN, [ordinary, hostile])
    return float(out["ordinary"]), [float(s) for s in out["each"]]


def measure(
    trees: dict[str, Path], ordinary: list[str], hostile: list[str], rounds: int
) -> dict[str, tuple[float, list[float]]]:
    """Per tree, the fastest of `rounds` alternating runs, input by input."""
    best: dict[str, tuple[float, list[float]]] = {}
    for _ in range(rounds):
        for name, tree in trees.items():
            total, each = timings(tree, ordinary, hostile)
            if name not in best:
                best[name] = (total, each)
                continue
            old_total, old_each = best[name]
            best[name] = (
                min(total, old_total),
                [min(a, b) for a, b in zip(each, old_each, strict=True)],
            )
    return best


def report(
    best: dict[str, tuple[float, list[float]]],
    count: int,
    inputs: list[tuple[str, int, str]],
) -> None:
    after, before = best["after"], best["before"]
    per = {name: seconds / count * 1e6 for name, (seconds, _) in best.items()}
    print(f"ordinary messages ({count:,}, bench/write.py's): per message")
    print(
        f"  before {per['before']:8.1f} us   after {per['after']:8.1f} us   ratio after/before "
        f"{per['after'] / per['before']:.2f}x"
    )
    print(f"\n{'adversarial input':22} {'size':>7} {'before ms':>10} {'after ms':>10} {'ratio':>7}")
    for (kind, size, _), old, new in zip(inputs, before[1], after[1], strict=True):
        print(f"{kind:22} {size:>7,} {old * 1e3:10.2f} {new * 1e3:10.2f} {new / old:6.2f}x")
    print("\nworst adversarial input per size (ms per message)")
    for size in sorted({s for _, s, _ in inputs}):
        rows = [i for i, (_, s, _) in enumerate(inputs) if s == size]
        worst = {n: max(rows, key=lambda i: best[n][1][i]) for n in ("before", "after")}
        print(
            f"  {size:>7,} chars: before {before[1][worst['before']] * 1e3:8.2f} "
            f"({inputs[worst['before']][0]}), after {after[1][worst['after']] * 1e3:8.2f} "
            f"({inputs[worst['after']][0]}), ratio of the worst "
            f"{after[1][worst['after']] / before[1][worst['before']]:.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("--before", type=Path, required=True, help="an older checkout's tree")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    args = parser.parse_args()
    sizes = tuple(sorted({int(s) for s in args.sizes.split(",")}))
    inputs = adversarial(sizes)
    ordinary = messages(args.messages)
    trees = {"before": args.before, "after": HERE}
    best = measure(trees, ordinary, [text for _, _, text in inputs], args.rounds)
    print(
        f"notary cost: {HERE} (after) against {args.before} (before), the fastest of "
        f"{args.rounds} alternating rounds, each in a fresh process"
    )
    report(best, len(ordinary), inputs)


if __name__ == "__main__":
    main()
