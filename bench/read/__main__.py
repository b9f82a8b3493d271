"""`python -m bench.read`: bench.read.latency."""

from bench.read.latency import main

if __name__ == "__main__":
    main()
