"""`python -m bench.when`: bench.when.dialogue."""

from bench.when.dialogue import main

if __name__ == "__main__":
    main()
