"""`python -m bench.data`: bench.data.fetch."""

from bench.data.fetch import main

if __name__ == "__main__":
    raise SystemExit(main())
