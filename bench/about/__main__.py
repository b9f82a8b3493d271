"""`python -m bench.about`: bench.about.third_parties."""

from bench.about.third_parties import main

if __name__ == "__main__":
    raise SystemExit(main())
