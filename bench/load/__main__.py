"""`python -m bench.load`: bench.load.writers."""

from bench.load.writers import main

if __name__ == "__main__":
    main()
