"""`python -m bench.recall`: bench.recall.evidence."""

from bench.recall.evidence import main

if __name__ == "__main__":
    main()
